import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  canSendClaims,
  claimCreatedSchema,
  denialAppealSchema,
  denialQuerySchema,
  denialRowSchema,
  eraImportResultSchema,
  eraMatchSchema,
  eraRowSchema,
  eraSchema,
  listQuerySchema,
  underpaymentQuerySchema,
  underpaymentRowSchema,
} from '@dme/shared';
import { forbidden } from '../lib/errors.ts';
import { z } from 'zod';
import { errorBody, errorResponses, idParams, noContent, pageResponse } from '../lib/schemas.ts';
import { readTextUpload } from '../lib/text-upload.ts';
import { actor } from '../plugins/auth.ts';
import { importRemittance } from './import.ts';
import { getEra, listEras, matchEra, revertEra } from './eras.ts';
import { listUnderpayments } from './underpayments.ts';
import { appealDenial, getDenial, listDenials, resubmitDenial, writeOffDenial, type DenialActions } from './denials.ts';

/** Office staff see the lists; importing, matching, reverting and acting on denials is billing work (403). */
function billingStaff(request: FastifyRequest): number {
  const user = actor(request);
  if (!canSendClaims(user.roleId ?? 0)) throw forbidden();
  return user.id;
}

/** A refused 835 says why twice: on `file` (the upload form's field) and as `detail` (for API callers). */
const eraErrors = {
  ...errorResponses,
  409: errorBody,
  422: z.record(z.string(), z.union([z.array(z.string()), z.string()])),
};

/** Largest 835 read: a payer's weekly file for a large office is a few MB. */
const ERA_MAX_BYTES = 30 * 1024 * 1024;

/** Routes of electronic remittance (issue 32): 835 files and the denials they leave. */
export const eraRoutes: FastifyPluginAsyncZod<{ denialActions: DenialActions }> = async (app, { denialActions }) => {
  const { db } = app.ctx;
  const tags = ['remittance files'];

  app.post(
    '/eras/',
    {
      schema: {
        tags,
        description:
          'multipart/form-data with `file`: one 835 interchange. Each transaction (payment) is stored, matched and posted in one transaction; 409 when a payment was already imported; 422 naming the segment and line when the file is not a readable 835.',
        response: { 201: eraImportResultSchema, ...eraErrors },
      },
    },
    async (request, reply) => {
      const userId = billingStaff(request);
      const { fileName, text } = await readTextUpload(request, ERA_MAX_BYTES);
      const ids = await importRemittance(db, userId, fileName, text);
      const eras = [];
      for (const id of ids) eras.push(await getEra(db, id));
      return reply.code(201).send(eras);
    },
  );

  app.get(
    '/eras/',
    {
      schema: {
        tags,
        description: 'Every imported payment, newest first. search: payer, payment number, claim number or patient.',
        querystring: listQuerySchema,
        response: { 200: pageResponse(eraRowSchema), ...errorResponses },
      },
    },
    (request) => listEras(db, request.query),
  );

  app.get(
    '/eras/:id/',
    { schema: { tags, params: idParams, response: { 200: eraSchema, ...errorResponses } } },
    (request) => getEra(db, request.params.id),
  );

  app.delete(
    '/eras/:id/',
    {
      schema: {
        tags,
        description:
          'Takes back everything the payment posted, in one transaction; the file can then be imported again.',
        params: idParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = billingStaff(request);
      await revertEra(db, userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/eras/:id/match/',
    {
      schema: {
        tags,
        description:
          'Matches an unmatched claim to an invoice ({claim_index, invoice_id}) or an unmatched line to a service ({claim_index, line_index, service_id}), and posts it.',
        params: idParams,
        body: eraMatchSchema,
        response: { 200: eraSchema, ...eraErrors },
      },
    },
    async (request) => {
      const userId = billingStaff(request);
      await matchEra(db, userId, request.params.id, request.body);
      return getEra(db, request.params.id);
    },
  );

  app.get(
    '/denials/',
    {
      schema: {
        tags: ['denials'],
        description:
          'Denied lines and claims, the longest waiting first. payer: vendor id; reason: a CARC; min_age/max_age: days; status: open (default), appealed, resubmitted, written_off or all.',
        querystring: denialQuerySchema,
        response: { 200: pageResponse(denialRowSchema), ...errorResponses },
      },
    },
    (request) => listDenials(db, request.query),
  );

  app.get(
    '/underpayments/',
    {
      schema: {
        tags: ['denials'],
        description:
          'Remittance lines (835 or by hand) whose payer allowed less than expected (issue 33), newest first; payer: vendor id.',
        querystring: underpaymentQuerySchema,
        response: { 200: pageResponse(underpaymentRowSchema), ...errorResponses },
      },
    },
    (request) => listUnderpayments(db, request.query),
  );

  app.get(
    '/denials/:id/',
    { schema: { tags: ['denials'], params: idParams, response: { 200: denialRowSchema, ...errorResponses } } },
    (request) => getDenial(db, request.params.id),
  );

  app.post(
    '/denials/:id/appeal/',
    {
      schema: {
        tags: ['denials'],
        params: idParams,
        body: denialAppealSchema,
        response: { 200: denialRowSchema, ...errorResponses },
      },
    },
    (request) => appealDenial(db, billingStaff(request), request.params.id, request.body.note),
  );

  app.post(
    '/denials/:id/resubmit/',
    {
      schema: {
        tags: ['denials'],
        description:
          'A replacement claim (frequency 7, REF*F8 the payer claim control number) from the invoice as it stands.',
        params: idParams,
        response: { 201: claimCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = billingStaff(request);
      return reply.code(201).send(await resubmitDenial(db, denialActions, userId, request.params.id));
    },
  );

  app.post(
    '/denials/:id/write_off/',
    {
      schema: { tags: ['denials'], params: idParams, response: { 200: denialRowSchema, ...errorResponses } },
    },
    (request) => writeOffDenial(db, denialActions, billingStaff(request), request.params.id),
  );
};
