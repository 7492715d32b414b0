import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the patients area. */
export const patientRoutes: FastifyPluginAsyncZod = async () => {};
