import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserSchema, updateUserSchema, USER_MESSAGES, userSchema, userUpdatedSchema } from '@dme/shared';
import { actor, adminOnly } from '../plugins/auth.ts';
import { forbidden } from '../lib/errors.ts';
import { errorResponses, idParams, noContent } from '../lib/schemas.ts';
import * as q from './queries.ts';

/** User administration: role 1 only; nobody deletes or deactivates their own account. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  // Before the body is parsed and validated: a non-administrator learns nothing from a 422.
  app.addHook('onRequest', adminOnly);

  app.get(
    '/users/',
    {
      schema: { tags: ['users'], response: { 200: z.array(userSchema), ...errorResponses } },
    },
    () => q.listUsers(db),
  );

  app.get(
    '/users/:id/',
    {
      schema: { tags: ['users'], params: idParams, response: { 200: userSchema, ...errorResponses } },
    },
    (request) => q.getUser(db, request.params.id),
  );

  app.post(
    '/users/',
    {
      schema: { tags: ['users'], body: createUserSchema, response: { 201: userSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const user = await q.createUser(db, actor(request).id, request.body);
      return reply.code(201).send(user);
    },
  );

  app.patch(
    '/users/:id/',
    {
      schema: {
        tags: ['users'],
        params: idParams,
        body: updateUserSchema,
        response: { 200: userUpdatedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const data = await q.updateUser(db, actor(request).id, request.params.id, request.body);
      return { success: true, data, message: USER_MESSAGES.updated };
    },
  );

  app.delete(
    '/users/:id/',
    {
      schema: { tags: ['users'], params: idParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      if (request.params.id === actor(request).id) throw forbidden(USER_MESSAGES.selfDelete);
      await q.deactivateUser(db, actor(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
