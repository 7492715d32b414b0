import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endYearReportQuerySchema, endYearReportSchema } from '@dme/shared';
import { errorResponses } from '../lib/schemas.ts';
import { endYearReport } from './queries.ts';

/** Routes of the reports area (end-of-year report). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  app.get(
    '/end_year_report/',
    {
      schema: {
        tags: ['reports'],
        querystring: endYearReportQuerySchema,
        response: { 200: endYearReportSchema, ...errorResponses },
      },
    },
    (request) => endYearReport(db, request.query, config.officeTimeZone),
  );
};
