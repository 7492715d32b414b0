import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  canSendClaims,
  acknowledgementResultSchema,
  claimBatchCreateSchema,
  claimBatchCreatedSchema,
  claimBatchRowSchema,
  claimCreateResultSchema,
  claimCreatedSchema,
  claimCreateSchema,
  claimDetailSchema,
  claimListQuerySchema,
  claimReadyQuerySchema,
  claimRowSchema,
  readyClaimRowSchema,
} from '@dme/shared';
import { auditBatchRead, auditRead } from '../lib/audit.ts';
import { forbidden } from '../lib/errors.ts';
import { errorResponses, idParams, pageResponse } from '../lib/schemas.ts';
import { readTextUpload } from '../lib/text-upload.ts';
import { actor } from '../plugins/auth.ts';
import { createClaims, getClaim, listClaims, listReady, replaceClaim } from './claims.ts';
import { batchFile, createBatch, listBatches } from './batches.ts';
import { applyAcknowledgement } from './acknowledgements.ts';

/** Office staff see the lists and a claim's detail; the rest is billing work (403). */
function billingStaff(request: FastifyRequest): number {
  const user = actor(request);
  if (!canSendClaims(user.roleId ?? 0)) throw forbidden();
  return user.id;
}

/** Largest acknowledgement file read (a 277CA for thousands of claims is well under it). */
const ACK_MAX_BYTES = 20 * 1024 * 1024;

/** Routes of electronic claims (issue 31): Ready to Bill, claims, batches (837P) and acknowledgements. */
export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['claims'];

  app.get(
    '/claims/ready/',
    {
      schema: {
        tags,
        description:
          'Invoices with a balance, an insured patient and no claim but rejected ones, each with what stops its claim (problems; empty = ready). search: patient name or invoice number; ordering: invoice_id, date, amount.',
        querystring: claimReadyQuerySchema,
        response: { 200: pageResponse(readyClaimRowSchema), ...errorResponses },
      },
    },
    (request) => listReady(db, request.query),
  );

  app.post(
    '/claims/',
    {
      schema: {
        tags,
        description:
          'A claim for each ready invoice, for its primary coverage; the others are refused with their problems.',
        body: claimCreateSchema,
        response: { 201: claimCreateResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = billingStaff(request);
      return reply.code(201).send(await createClaims(db, userId, request.body.invoice_ids));
    },
  );

  app.get(
    '/claims/',
    {
      schema: {
        tags,
        description:
          'search: patient, claim number or payer (contains); status filter; ordering: claim_number, created, amount, status, patient (default newest first).',
        querystring: claimListQuerySchema,
        response: { 200: pageResponse(claimRowSchema), ...errorResponses },
      },
    },
    (request) => listClaims(db, request.query),
  );

  app.get(
    '/claims/:id/',
    { schema: { tags, params: idParams, response: { 200: claimDetailSchema, ...errorResponses } } },
    async (request) => {
      const claim = await getClaim(db, request.params.id);
      await auditRead(db, {
        userId: actor(request).id,
        entity: 'claim',
        entityId: claim.id,
        patientId: claim.patient.id,
      });
      return claim;
    },
  );

  app.post(
    '/claims/:id/replace/',
    {
      schema: {
        tags,
        description:
          'A replacement claim (frequency 7, REF*F8 the original number) for an answered claim (accepted, paid, partially paid or denied), from the invoice as it stands; 422 with the problems when it is not ready.',
        params: idParams,
        response: { 201: claimCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = billingStaff(request);
      return reply.code(201).send(await replaceClaim(db, userId, request.params.id));
    },
  );

  app.post(
    '/claim_batches/',
    {
      schema: {
        tags,
        description:
          'One 837P interchange for created claims; they become submitted. 422 when a claim was already sent.',
        body: claimBatchCreateSchema,
        response: { 201: claimBatchCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = billingStaff(request);
      return reply.code(201).send(await createBatch(db, userId, request.body.claim_ids));
    },
  );

  app.get(
    '/claim_batches/',
    {
      schema: {
        tags,
        description: 'Every batch, newest first.',
        querystring: claimReadyQuerySchema,
        response: { 200: pageResponse(claimBatchRowSchema), ...errorResponses },
      },
    },
    (request) => listBatches(db, request.query),
  );

  app.get(
    '/claim_batches/:id/file/',
    { schema: { tags, params: idParams, description: 'The X12 837P text, as claims-{id}.837.' } },
    async (request, reply) => {
      const userId = billingStaff(request);
      const file = await batchFile(db, request.params.id);
      // One read row per patient whose claim the file holds (the patient's activity lists it).
      await auditBatchRead(
        db,
        { userId, entity: 'claim_batch', entityId: request.params.id },
        db.selectFrom('claims').select('patient_id').where('batch_id', '=', request.params.id),
      );
      return reply
        .type('application/edi-x12')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .send(file.content);
    },
  );

  app.post(
    '/claim_acknowledgements/',
    {
      schema: {
        tags,
        description:
          'multipart/form-data with `file`: a 999 (batch accepted or rejected) or a 277CA (each claim accepted or rejected). References the office never sent are listed in `unknown`.',
        response: { 201: acknowledgementResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = billingStaff(request);
      const { fileName, text } = await readTextUpload(request, ACK_MAX_BYTES);
      return reply.code(201).send(await applyAcknowledgement(db, userId, fileName, text));
    },
  );
};
