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
import { auditRead } from '../lib/audit.ts';
import { currentUser } from '../plugins/auth.ts';
import { errorResponses, idParams, noContent, pageResponse } from '../lib/schemas.ts';
import * as q from './queries.ts';
import * as posting from './posting.ts';

/** Routes of the remittance area: the list, posting a check, reverting a payment. */
export const remittanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['remittance'];
  const actor = (request: Parameters<typeof currentUser>[0]) => ({
    userId: currentUser(request).id,
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
    (request) => q.listRemittances(db, request.query),
  );

  app.get(
    '/remmitance/:id',
    { schema: { tags, params: idParams, response: { 200: remittanceSchema, ...errorResponses } } },
    (request) =>
      // The read's audit row is written while the services are read; if it fails, nothing is sent.
      q.getRemittance(db, request.params.id, (occurrence) =>
        auditRead(db, {
          userId: currentUser(request).id,
          entity: 'remittance',
          entityId: request.params.id,
          patientId: occurrence.patientId,
          details: { date: occurrence.date },
        }),
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
      q.occurrencePayments(db, request.query.ocurrence, (occurrence) =>
        auditRead(db, {
          userId: currentUser(request).id,
          entity: 'occurrence_payments',
          entityId: request.query.ocurrence,
          patientId: occurrence.patientId,
          details: { date: occurrence.date },
        }),
      ),
  );

  app.get(
    '/last_remmitance_payments',
    { schema: { tags, response: { 200: checkPaymentSchema.nullable(), ...errorResponses } } },
    (request) => q.lastCheckOf(db, currentUser(request).id),
  );

  app.post(
    '/remmitance_payments/',
    { schema: { tags, body: remittancePostingSchema, response: { 201: postingResultSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await posting.postRemittance(db, actor(request), request.body)),
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
      await posting.revertPayment(db, actor(request), request.params.id);
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
    (request) => posting.updateOriginalAmount(db, actor(request), request.params.id, request.body),
  );
};
