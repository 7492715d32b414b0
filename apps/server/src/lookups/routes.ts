import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleSchema, usaStateSchema } from '@dme/shared';
import { errorResponses } from '../lib/schemas.ts';

/** Read-only lookups seeded by migration. */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/roles/',
    {
      schema: {
        tags: ['lookups'],
        response: {
          200: z.array(roleSchema),
          ...errorResponses,
        },
      },
    },
    () => db.selectFrom('roles').selectAll().orderBy('id').execute(),
  );

  app.get(
    '/usa_states/',
    {
      schema: { tags: ['lookups'], response: { 200: z.array(usaStateSchema), ...errorResponses } },
    },
    () => db.selectFrom('usa_states').selectAll().orderBy('name').execute(),
  );

  // States with at least one patient: the State filter of the patient lists.
  app.get(
    '/usa_states_patients/',
    {
      schema: { tags: ['lookups'], response: { 200: z.array(usaStateSchema), ...errorResponses } },
    },
    () =>
      db
        .selectFrom('usa_states as s')
        .select(['s.id', 's.name', 's.abbreviation'])
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('patients as p').select('p.id').whereRef('p.state_id', '=', 's.id')),
        )
        .orderBy('s.name')
        .execute(),
  );
};
