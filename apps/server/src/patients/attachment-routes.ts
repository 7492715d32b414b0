import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { patientAttachmentSchema } from '@dme/shared';
import { errorResponses, idParams, noContent } from '../lib/schemas.ts';
import { audit } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';
import { actor } from '../plugins/auth.ts';
import { contentDisposition, createAttachment, deleteAttachment, getAttachmentFile } from './attachments.ts';

const tags = ['patients'];

/** Patient attachments: multipart upload, authenticated download, delete. */
export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.ctx;

  app.post(
    '/attachments/',
    {
      schema: {
        tags,
        description: 'multipart/form-data with `file` and `patient` (the patient id).',
        response: { 201: patientAttachmentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const attachment = await createAttachment(db, storage, request, {
        actorId: actor(request).id,
        maxBytes: config.maxUploadBytes,
      });
      return reply.code(201).send(attachment);
    },
  );

  app.get(
    '/attachments/:id/download/',
    {
      schema: { tags, params: idParams, description: 'The file itself, as an attachment download.' },
    },
    async (request, reply) => {
      const file = await getAttachmentFile(db, request.params.id);
      if (!(await storage.exists(file.storage_key))) throw notFound('The file is no longer stored.');
      await audit(db, {
        userId: actor(request).id,
        action: 'read',
        entity: 'patient_attachment',
        entityId: file.id,
        patientId: file.patient_id,
        after: { name: file.name },
      });
      return reply
        .header('Content-Type', file.content_type)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.name))
        .send(storage.read(file.storage_key));
    },
  );

  app.delete(
    '/attachments/:id/',
    {
      schema: { tags, params: idParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      const key = await deleteAttachment(db, actor(request).id, request.params.id);
      await storage.remove(key);
      return reply.code(204).send(null);
    },
  );
};
