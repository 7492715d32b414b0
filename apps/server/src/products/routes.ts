import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the products area. */
export const productRoutes: FastifyPluginAsyncZod = async () => {};
