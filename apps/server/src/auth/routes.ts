import { setTimeout } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  LOGIN_MESSAGES,
  loginResponseSchema,
  refreshTokenSchema,
  resetPasswordSchema,
  tokenResponseSchema,
} from '@dme/shared';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../lib/errors.ts';
import { authenticate, authenticateToken } from '../plugins/auth.ts';
import { detailResponse, errorBody, errorResponses } from '../lib/schemas.ts';
import * as q from './queries.ts';

const detail = detailResponse;

/** Sign-in, token refresh, log out and password recovery (spec part 1, section 7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tokens, mailer, config } = app.ctx;

  app.post(
    '/login/',
    {
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: {
          200: loginResponseSchema,
          ...errorResponses,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const throttle = await q.loginThrottle(db, username, request.ip);
      if (throttle.refused) throw tooManyRequests('Too many failed sign-in attempts. Try again in 15 minutes.');
      if (throttle.delayMs > 0) await setTimeout(throttle.delayMs);
      const user = await q.checkCredentials(db, username, password);
      if (!user) {
        await q.recordAttempt(db, 'login', username, request.ip);
        throw new AppError(400, { detail: LOGIN_MESSAGES.incorrect });
      }
      if (!user.is_active) throw unauthorized(LOGIN_MESSAGES.accountProblem);
      await q.clearLoginFailures(db, username, request.ip);
      const sessionId = await q.openSession(db, user.id);
      request.log.info({ userId: user.id }, 'signed in');
      return {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        username: user.username,
        token: await tokens.sign({ userId: user.id, sessionId }),
        role_id: user.role_id ?? 0,
      };
    },
  );

  app.post(
    '/refresh-token/',
    {
      schema: { tags: ['auth'], body: refreshTokenSchema, response: { 200: tokenResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const user = await authenticateToken(app, request.body.token);
      return { token: await tokens.sign({ userId: user.id, sessionId: user.sessionId }) };
    },
  );

  app.post(
    '/logout/',
    {
      schema: { tags: ['auth'], response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      const user = await authenticate(app, request);
      await q.revokeSession(db, user.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/forgot-password/',
    {
      schema: {
        tags: ['auth'],
        body: forgotPasswordSchema,
        response: { 200: detail, ...errorResponses, 429: errorBody },
      },
    },
    async (request) => {
      if (await q.isForgotThrottled(db, request.ip)) {
        throw tooManyRequests('Too many requests. Try again in 15 minutes.');
      }
      await q.recordAttempt(db, 'forgot', request.body.email, request.ip);
      const reset = await q.createPasswordReset(db, request.body.email);
      if (!reset) throw badRequest(LOGIN_MESSAGES.forgotUnknown);
      const link = `${config.appUrl}/reset-password/${reset.token}`;
      await mailer.send({
        to: reset.email,
        subject: 'DME Office: reset your password',
        text: `Someone asked to reset the password of your DME Office account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf it was not you, ignore this message; your password stays the same.`,
      });
      return { detail: LOGIN_MESSAGES.forgotSent };
    },
  );

  app.post(
    '/reset-password/',
    {
      schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: detail, ...errorResponses } },
    },
    async (request) => {
      const { email, password, reset_token } = request.body;
      const ok = reset_token ? await q.consumePasswordReset(db, reset_token, email, password) : false;
      if (!ok) throw badRequest(LOGIN_MESSAGES.resetInvalid);
      return { detail: LOGIN_MESSAGES.resetDone };
    },
  );
};
