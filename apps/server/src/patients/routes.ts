import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPatientSchema,
  listQuerySchema,
  patientActivitySchema,
  patchPatientSchema,
  patientListQuerySchema,
  patientListRowSchema,
  patientPickerQuerySchema,
  patientPickerRowSchema,
  patientSchema,
  patientTagBodySchema,
  patientTagSchema,
  tagSchema,
} from '@dme/shared';
import { audit } from '../lib/audit.ts';
import { errorResponses, idParams, noContent, pageResponse } from '../lib/schemas.ts';
import { actor, adminOnly } from '../plugins/auth.ts';
import { patientActivity } from './activity.ts';
import * as q from './queries.ts';
import { listPatients, listPatientsForPicker } from './list.ts';
import { addPatientTag, listTags, removePatientTag } from './tags.ts';
import { patientChildRoutes } from './child-routes.ts';
import { attachmentRoutes } from './attachment-routes.ts';

const tags = ['patients'];
const activityQuery = listQuerySchema.pick({ page: true, page_size: true });

/** Routes of the patients area (all behind the signed-in scope of app.ts). */
export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  app.get(
    '/patients/',
    {
      schema: {
        tags,
        querystring: patientListQuerySchema,
        response: { 200: pageResponse(patientListRowSchema), ...errorResponses },
      },
    },
    (request) => listPatients(db, request.query, { rentalsOnly: false }),
  );

  app.get(
    '/patients_rentals/',
    {
      schema: {
        tags,
        querystring: patientListQuerySchema,
        response: { 200: pageResponse(patientListRowSchema), ...errorResponses },
      },
    },
    (request) => listPatients(db, request.query, { rentalsOnly: true }),
  );

  app.get(
    '/patients_list/',
    {
      schema: {
        tags,
        description:
          'Patients for pickers, narrowed by `search`: best name match first (exact, then starts with), then Active first, then by name; at most 100.',
        querystring: patientPickerQuerySchema,
        response: { 200: z.array(patientPickerRowSchema), ...errorResponses },
      },
    },
    (request) => listPatientsForPicker(db, request.query.search),
  );

  app.post(
    '/patients/',
    {
      schema: {
        tags,
        body: createPatientSchema,
        response: { 201: z.object({ data: patientSchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await q.createPatient(db, actor(request).id, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/patients/:id/',
    {
      schema: { tags, params: idParams, response: { 200: patientSchema, ...errorResponses } },
    },
    (request) =>
      // The read's audit row is written while the child lists are read; if it fails, nothing is sent.
      q.getPatient(db, request.params.id, () =>
        audit(db, { userId: actor(request).id, action: 'read', entity: 'patient', entityId: request.params.id }),
      ),
  );

  app.get(
    '/patients/:id/audit/',
    {
      schema: {
        tags,
        description:
          'Administrators only: who read or changed the patient, its children and its orders, newest first, paged.',
        params: idParams,
        querystring: activityQuery,
        response: { 200: pageResponse(patientActivitySchema), ...errorResponses },
      },
      onRequest: adminOnly,
    },
    (request) => patientActivity(db, request.params.id, request.query),
  );

  app.patch(
    '/patients/:id/',
    {
      schema: { tags, params: idParams, body: patchPatientSchema, response: { 200: patientSchema, ...errorResponses } },
    },
    (request) => q.updatePatient(db, actor(request).id, request.params.id, request.body),
  );

  app.delete(
    '/patients/:id/',
    {
      schema: { tags, params: idParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      const files = await q.deletePatient(db, actor(request).id, request.params.id);
      // Files go only after the rows are gone for good; a leftover file is harmless, a dangling row is not.
      await Promise.all(files.map((key) => storage.remove(key)));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/tags/',
    {
      schema: { tags, response: { 200: z.array(tagSchema), ...errorResponses } },
    },
    () => listTags(db),
  );

  app.post(
    '/patients/:id/tags/',
    {
      schema: {
        tags,
        params: idParams,
        body: patientTagBodySchema,
        response: { 201: patientTagSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tag = await addPatientTag(db, actor(request).id, request.params.id, request.body.tag_id);
      return reply.code(201).send(tag);
    },
  );

  app.delete(
    '/patients/:id/tags/:tagId/',
    {
      schema: {
        tags,
        params: idParams.extend({ tagId: idParams.shape.id }),
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await removePatientTag(db, actor(request).id, request.params.id, request.params.tagId);
      return reply.code(204).send(null);
    },
  );

  await app.register(patientChildRoutes);
  await app.register(attachmentRoutes);
};
