import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { FIELD_MESSAGES } from '@dme/shared';
import type { Config, TrustProxy } from './config.ts';
import type { Db } from './db/database.ts';
import { AppError, isNumericOverflow } from './lib/errors.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db/faults.ts';
import { OneLineRequestLog, requestLogSerializers } from './lib/request-log.ts';
import { requestId } from './lib/request-id.ts';
import { securityHeaderLines, securityHeaders } from './lib/security-headers.ts';
import { authenticate } from './plugins/auth.ts';
import { healthRoutes } from './health/routes.ts';
import type { Mailer } from './plugins/mail.ts';
import { createMailer } from './plugins/mail.ts';
import { createTokenService, resolveJwtSecret } from './plugins/tokens.ts';
import { requireUser } from './plugins/auth.ts';
import { createLocalStorage } from './plugins/storage.ts';
import { registerCompression, webStaticOptions } from './plugins/web-assets.ts';
import { createInProcessJobs } from './plugins/jobs.ts';
import { createPgBossJobs } from './plugins/pg-boss-jobs.ts';
import { createSessionCache, noSessionCache } from './plugins/session-cache.ts';
import './plugins/context.ts';
import { authRoutes } from './auth/routes.ts';
import { userRoutes } from './users/routes.ts';
import { lookupRoutes } from './lookups/routes.ts';
import { patientRoutes } from './patients/routes.ts';
import { productRoutes } from './products/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { operationsRoutes } from './operations/routes.ts';
import { shippingRoutes } from './shipping/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { remittanceRoutes } from './remittance/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { claimRoutes } from './claims/routes.ts';
import { eraRoutes } from './eras/routes.ts';
import { replaceClaim } from './claims/claims.ts';
import { applyWriteOff } from './billing/write-off.ts';
import { settingsRoutes } from './settings/routes.ts';
import { referenceRoutes } from './reference/routes.ts';
import { documentRoutes } from './documents/routes.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  logger?: boolean;
  /** The database kind: jobs run in pg-boss on a PostgreSQL server, in-process on PGlite (the default). */
  dbKind?: 'postgres' | 'pglite';
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/**
 * An answer the server writes before any route runs (a request line or headers too large for
 * it): the same security headers as every answer, and the connection closed, since what is left
 * of the request on it cannot be read.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, detail] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request could not be read.'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\n${securityHeaderLines}Cache-Control: no-store\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Turns zod issues into the spec's `{ field: [messages] }` map. */
function fieldErrors(
  error: FastifyError & { validation: { instancePath?: string; message?: string; params?: unknown }[] },
) {
  const out: Record<string, string[]> = {};
  for (const v of error.validation) {
    const field = (v.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.') || 'non_field_errors';
    (out[field] ??= []).push(v.message ?? 'Invalid value');
  }
  return out;
}

/**
 * Fastify's trustProxy from the configured value. A hop count trusts that many proxies in front
 * of the server (proxy-addr hands the peer in as hop 0); a list trusts those addresses only.
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.token'],
            serializers: requestLogSerializers,
          },
    logController: new OneLineRequestLog(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: false,
    genReqId: requestId,
    clientErrorHandler,
    // A path the router refuses (a malformed escape, a parameter too long): the same headers as
    // every answer, and the connection closed.
    frameworkErrors(error, request, reply) {
      securityHeaders(request.raw, reply.raw, () => undefined);
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body = JSON.stringify({ detail: tooLong ? 'The address is too long.' : 'The address could not be read.' });
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .header('X-Request-Id', request.id)
        .header('Cache-Control', 'no-store')
        .header('Connection', 'close')
        .type('application/json; charset=utf-8')
        .send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  // An empty JSON body (a DELETE sent with Content-Type: application/json by many clients) is no
  // body; anything else goes through Fastify's own parser (prototype-poisoning checks included).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    opts.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const tokens = createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir), config.tokenTtlMinutes);
  const jobs =
    opts.dbKind === 'postgres' ? createPgBossJobs({ db, log: app.log }) : createInProcessJobs({ log: app.log });
  const sessions =
    opts.dbKind === 'postgres' && config.databaseUrl && config.sessionCacheSeconds > 0
      ? createSessionCache({ url: config.databaseUrl, maxAgeMs: config.sessionCacheSeconds * 1000, log: app.log })
      : noSessionCache;
  app.decorate('ctx', { db, config, mailer, tokens, storage: createLocalStorage(config.dataDir), jobs, sessions });
  app.addHook('onClose', async () => {
    await sessions.close();
    await jobs.stop();
  });
  app.decorateRequest('user', null);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id that is not plain digits within range names no record.
      if (error.validationContext === 'params') return reply.code(404).send({ detail: 'Not found.' });
      return reply.code(422).send(fieldErrors(error));
    }
    if (isNumericOverflow(error)) {
      // The schemas' ranges keep new input within the columns; this answers a computation on
      // older rows that would not fit (its transaction is already rolled back) as bad input.
      request.log.warn({ err: error }, 'a number did not fit its column');
      return reply.code(422).send({ non_field_errors: [FIELD_MESSAGES.numberOutOfRange] });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'Internal server error.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database not available');
      return reply.code(503).header('Retry-After', '5').send({ detail: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const malformed = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
      return reply.code(status).send({ detail: malformed ? 'Malformed JSON body.' : error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error.' });
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    securityHeaders(request.raw, reply.raw, () => done());
  });

  await registerCompression(app);

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
    // A write may have ended sessions (sign-out, a user deactivated or given a new password): this
    // process forgets the sessions it kept before the answer leaves (plugins/session-cache.ts).
    if (request.method !== 'GET' && request.method !== 'HEAD') sessions.clear();
    return payload;
  });

  // Uploads are streamed to storage; a part larger than the limit is cut and answered with 422.
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 100 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'DME Office API', version: '1.0.0' },
      components: {
        securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <token>' } },
      },
      security: [{ jwt: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The API's map names every route that reads patient data: signed-in users only, unless the
  // setting opens it (development).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    ...(config.apiDocs === 'public'
      ? {}
      : {
          uiHooks: {
            onRequest: async (request: FastifyRequest) => {
              request.user = await authenticate(app, request);
            },
          },
        }),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(async (secured) => {
        requireUser(secured);
        await secured.register(lookupRoutes);
        await secured.register(userRoutes);
        await secured.register(patientRoutes);
        await secured.register(productRoutes);
        await secured.register(orderRoutes);
        await secured.register(operationsRoutes);
        await secured.register(shippingRoutes);
        await secured.register(billingRoutes);
        await secured.register(remittanceRoutes);
        await secured.register(reportRoutes);
        await secured.register(claimRoutes);
        // A denial's actions are the claims area's replacement and the billing area's write-off.
        await secured.register(eraRoutes, { denialActions: { replaceClaim, writeOff: applyWriteOff } });
        await secured.register(settingsRoutes);
        await secured.register(referenceRoutes);
        await secured.register(documentRoutes);
      });
    },
    { prefix: '/api' },
  );

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    // Files are looked up per request (a rebuilt web app needs no restart); misses fall through to
    // the not-found handler below, which answers the SPA's index.html.
    await app.register(fastifyStatic, webStaticOptions(config.webDist));
  }
  // The handler sends and returns nothing: a returned reply is awaited as a thenable, and each
  // await of a streamed file adds a 'close' listener to the response (MaxListenersExceededWarning).
  app.setNotFoundHandler((request, reply) => {
    const isFile = request.url.startsWith('/assets/');
    if (
      request.url.startsWith('/api') ||
      isFile ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      void reply.code(404).send({ detail: 'Not found.' });
      return;
    }
    // Every other path belongs to the single-page app (history fallback).
    void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}
