import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkPaymentSchema,
  occurrencePaymentSchema,
  occurrencePaymentsQuerySchema,
  originalAmountAnswerSchema,
  originalAmountSchema,
  postingResultSchema,
  remittanceListQuerySchema,
  remittancePostingSchema,
  remittanceRowSchema,
  remittanceSchema,
  revertListQuerySchema,
  revertRowSchema,
} from '@dme/shared';
import { occurrenceReadAudit } from '../lib/audit.ts';
import { actor } from '../plugins/auth.ts';
import { errorResponses, idParams, noContent, pageResponse } from '../lib/schemas.ts';
import * as q from './queries.ts';
import { listRemittances } from './list.ts';
import * as posting from './posting.ts';

/** Routes of the remittance area: the list, posting a check, reverting a payment. */
export const remittanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['remittance'];
  const postingActor = (request: Parameters<typeof actor>[0]) => ({
    userId: actor(request).id,
    taxRate: config.salesTaxRate,
  });

  app.get(
    '/remmitance/',
    {
      schema: {
        tags,
        querystring: remittanceListQuerySchema,
        response: { 200: pageResponse(remittanceRowSchema), ...errorResponses },
      },
    },
    (request) => listRemittances(db, request.query),
  );

  app.get(
    '/remmitance/:id',
    { schema: { tags, params: idParams, response: { 200: remittanceSchema, ...errorResponses } } },
    (request) =>
      // The read's audit row is written while the services are read; if it fails, nothing is sent.
      q.getRemittance(
        db,
        request.params.id,
        occurrenceReadAudit(db, actor(request).id, 'remittance', request.params.id),
      ),
  );

  app.get(
    '/remmitance_payments',
    {
      schema: {
        tags,
        querystring: occurrencePaymentsQuerySchema,
        response: { 200: z.array(occurrencePaymentSchema), ...errorResponses },
      },
    },
    (request) =>
      q.occurrencePayments(
        db,
        request.query.ocurrence,
        occurrenceReadAudit(db, actor(request).id, 'occurrence_payments', request.query.ocurrence),
      ),
  );

  app.get(
    '/last_remmitance_payments',
    { schema: { tags, response: { 200: checkPaymentSchema.nullable(), ...errorResponses } } },
    (request) => q.lastCheckOf(db, actor(request).id),
  );

  app.post(
    '/remmitance_payments/',
    { schema: { tags, body: remittancePostingSchema, response: { 201: postingResultSchema, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send(await posting.postRemittance(db, postingActor(request), request.body)),
  );

  app.get(
    '/remmitance_revert/',
    {
      schema: {
        tags,
        querystring: revertListQuerySchema,
        response: { 200: pageResponse(revertRowSchema), ...errorResponses },
      },
    },
    (request) => q.listChecks(db, request.query),
  );

  app.delete(
    '/ocurrence_payments/:id/',
    { schema: { tags, params: idParams, response: { 204: noContent, ...errorResponses } } },
    async (request, reply) => {
      await posting.revertPayment(db, postingActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/remmitance_services/:id/',
    {
      schema: {
        tags,
        params: idParams,
        body: originalAmountSchema,
        response: {
          200: originalAmountAnswerSchema,
          ...errorResponses,
        },
      },
    },
    (request) => posting.updateOriginalAmount(db, postingActor(request), request.params.id, request.body),
  );
};
