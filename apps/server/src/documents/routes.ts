import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentCreateSchema,
  documentSchema,
  documentsQueueQuerySchema,
  documentsQueueRowSchema,
  documentUpdateSchema,
  holdFieldsSchema,
  holdReleaseSchema,
  todayIn,
} from '@dme/shared';
import { errorBody, errorResponses, idParams, noContent, pageResponse } from '../lib/schemas.ts';
import { actor, adminOnly } from '../plugins/auth.ts';
import { createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from './documents.ts';
import { releaseHold } from './releases.ts';
import { documentsQueue } from './queue.ts';

/** 409: a recorded delivery's proof cannot change; an occurrence released twice. */
const withConflict = { ...errorResponses, 409: errorBody };

/**
 * Documents, hold releases and the Documents queue (issue 34). Any signed-in user reads and
 * writes a patient's documents, as with attachments; releasing a hold is an administrator's.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['documents'];
  // Whether a document is expiring or expired is a matter of the office's calendar day.
  const today = () => todayIn(config.officeTimeZone);

  app.get(
    '/patients/:id/documents/',
    {
      schema: {
        tags,
        description: "The patient's documents, newest first, each with its state today.",
        params: idParams,
        response: { 200: z.array(documentSchema), ...errorResponses },
      },
    },
    (request) => listDocuments(db, request.params.id, today()),
  );

  app.post(
    '/patients/:id/documents/',
    {
      schema: {
        tags,
        description:
          'A standard written order, prior authorization, face-to-face encounter or uploaded proof of delivery (with its attachment_id).',
        params: idParams,
        body: documentCreateSchema,
        response: { 201: documentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const document = await createDocument(db, actor(request).id, request.params.id, request.body, today());
      return reply.code(201).send(document);
    },
  );

  app.get(
    '/documents/:id/',
    { schema: { tags, params: idParams, response: { 200: documentSchema, ...errorResponses } } },
    (request) => getDocument(db, request.params.id, today()),
  );

  app.patch(
    '/documents/:id/',
    {
      schema: {
        tags,
        description:
          'Any of the fields (the type stays), checked with the stored ones; 409 for a proof of delivery the delivery recorded.',
        params: idParams,
        body: documentUpdateSchema,
        response: { 200: documentSchema, ...withConflict },
      },
    },
    (request) => updateDocument(db, actor(request).id, request.params.id, request.body, today()),
  );

  app.delete(
    '/documents/:id/',
    {
      schema: {
        tags,
        description: '409 for a proof of delivery the delivery recorded.',
        params: idParams,
        response: { 204: noContent, ...withConflict },
      },
    },
    async (request, reply) => {
      await deleteDocument(db, actor(request).id, request.params.id, today());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/ocurrences/:id/hold_release/',
    {
      // Before the body is read: a non-administrator learns nothing from a 422.
      onRequest: adminOnly,
      schema: {
        tags,
        description:
          'Administrators: releases a held occurrence with a reason (kept with the reasons it was held for). 409 when already released; 422 when it is not on hold.',
        params: idParams,
        body: holdReleaseSchema,
        response: { 201: holdFieldsSchema, ...withConflict },
      },
    },
    async (request, reply) => {
      const fields = await releaseHold(db, actor(request).id, request.params.id, request.body.reason);
      return reply.code(201).send(fields);
    },
  );

  app.get(
    '/documents_queue/',
    {
      schema: {
        tags,
        description:
          'Documents running out in the next 30 days and unshipped occurrences on hold in the range (default: today and the next 30 days). ordering: patient_name (default) or date, "-" for descending; facility: All, Yes or No.',
        querystring: documentsQueueQuerySchema,
        response: { 200: pageResponse(documentsQueueRowSchema), ...errorResponses },
      },
    },
    (request) => documentsQueue(db, request.query, today()),
  );
};
