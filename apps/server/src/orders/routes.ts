import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the orders area. */
export const orderRoutes: FastifyPluginAsyncZod = async () => {};
