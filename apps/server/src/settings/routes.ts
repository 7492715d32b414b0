import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingSettingsResponseSchema, billingSettingsSchema } from '@dme/shared';
import { actor, adminOnly } from '../plugins/auth.ts';
import { errorResponses } from '../lib/schemas.ts';
import * as q from './queries.ts';

/** The office's settings: administrators only (role 1), as user administration is. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  // Before the body is parsed and validated: a non-administrator learns nothing from a 422.
  app.addHook('onRequest', adminOnly);
  const tags = ['settings'];

  app.get(
    '/settings/billing/',
    {
      schema: {
        tags,
        description: 'The billing provider, submitter and receiver of the office electronic claims.',
        response: { 200: billingSettingsResponseSchema, ...errorResponses },
      },
    },
    () => q.getBillingSettings(db),
  );

  app.put(
    '/settings/billing/',
    {
      schema: {
        tags,
        description:
          'Every field (a field not sent is saved empty, production false, facility place of service 32). An unfinished setting saves; a malformed one is 422.',
        body: billingSettingsSchema,
        response: { 200: billingSettingsResponseSchema, ...errorResponses },
      },
    },
    (request) => q.saveBillingSettings(db, actor(request).id, request.body),
  );
};
