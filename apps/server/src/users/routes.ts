import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserSchema, updateUserSchema, USER_MESSAGES } from '@dme/shared';
import { requireAdmin } from '../plugins/auth.ts';
import { forbidden } from '../lib/errors.ts';
import { errorResponses, idParams, noContent } from '../lib/schemas.ts';
import * as q from './queries.ts';

const stateSchema = z.object({ id: z.number(), name: z.string(), abbreviation: z.string() });
const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  role: z.object({ id: z.number(), name: z.string(), label: z.string() }).nullable(),
  profile: z.object({
    first_name: z.string(), middle_name: z.string(), last_name: z.string(),
    address_1: z.string(), address_2: z.string(), city: z.string(), zip: z.string(),
    phone: z.string(), mobile: z.string(), fax: z.string(), birthdate: z.string().nullable(),
    state: stateSchema.nullable(),
  }),
});

/** User administration: role 1 only; nobody deletes or deactivates their own account. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.addHook('preHandler', async (request) => {
    requireAdmin(request);
  });

  app.get('/users/', {
    schema: { tags: ['users'], response: { 200: z.array(userSchema), ...errorResponses } },
  }, () => q.listUsers(db));

  app.get('/users/:id/', {
    schema: { tags: ['users'], params: idParams, response: { 200: userSchema, ...errorResponses } },
  }, (request) => q.getUser(db, request.params.id));

  app.post('/users/', {
    schema: { tags: ['users'], body: createUserSchema, response: { 201: userSchema, ...errorResponses } },
  }, async (request, reply) => {
    const user = await q.createUser(db, request.user!.id, request.body);
    return reply.code(201).send(user);
  });

  app.patch('/users/:id/', {
    schema: {
      tags: ['users'], params: idParams, body: updateUserSchema,
      response: { 200: z.object({ success: z.boolean(), data: userSchema, message: z.string() }), ...errorResponses },
    },
  }, async (request) => {
    const data = await q.updateUser(db, request.user!.id, request.params.id, request.body);
    return { success: true, data, message: USER_MESSAGES.updated };
  });

  app.delete('/users/:id/', {
    schema: { tags: ['users'], params: idParams, response: { 204: noContent, ...errorResponses } },
  }, async (request, reply) => {
    if (request.params.id === request.user!.id) throw forbidden(USER_MESSAGES.selfDelete);
    await q.deactivateUser(db, request.user!.id, request.params.id);
    return reply.code(204).send(null);
  });
};
