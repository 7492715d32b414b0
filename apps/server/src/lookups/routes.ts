import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/schemas.ts';

const stateSchema = z.object({ id: z.number(), name: z.string(), abbreviation: z.string() });

/** Read-only lookups seeded by migration. */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/roles/', {
    schema: { tags: ['lookups'], response: { 200: z.array(z.object({ id: z.number(), name: z.string(), label: z.string() })), ...errorResponses } },
  }, () => db.selectFrom('roles').selectAll().orderBy('id').execute());

  app.get('/usa_states/', {
    schema: { tags: ['lookups'], response: { 200: z.array(stateSchema), ...errorResponses } },
  }, () => db.selectFrom('usa_states').selectAll().orderBy('name').execute());
};
