import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feeScheduleSchema, hcpcsImportResultSchema, hcpcsLookupSchema, searchField } from '@dme/shared';
import { actor, adminOnly } from '../plugins/auth.ts';
import { errorResponses } from '../lib/schemas.ts';
import * as q from './queries.ts';
import { readHcpcsUpload } from './upload.ts';
import { importFeeSchedule, listFeeSchedules } from './fee-schedules.ts';
import { readTextForm } from '../lib/text-upload.ts';

const tags = ['reference'];

/** The CMS reference lists: HCPCS lookup for every signed-in user, the annual file import for administrators. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.get(
    '/hcpcs/',
    {
      schema: {
        tags,
        description: `search: a code's start ("E06") or words of its description ("airway pressure"); up to ${q.HCPCS_LOOKUP_LIMIT} codes, those starting with the search first.`,
        querystring: z.object({ search: searchField }),
        response: { 200: z.array(hcpcsLookupSchema), ...errorResponses },
      },
    },
    (request) => q.searchHcpcs(db, request.query.search),
  );

  app.get(
    '/hcpcs/:code/',
    {
      schema: {
        tags,
        description: 'One code of the CMS list (any case); 404 when the list does not hold it.',
        params: z.object({ code: z.string().max(20) }),
        response: { 200: hcpcsLookupSchema, ...errorResponses },
      },
    },
    (request) => q.getHcpcs(db, request.params.code),
  );

  app.post(
    '/settings/hcpcs/',
    {
      // Before the upload is read: a non-administrator's file is never taken in.
      onRequest: adminOnly,
      schema: {
        tags,
        description:
          'multipart/form-data with `file`: a CMS HCPCS annual file (fixed-width, as HCPC2020_ANWEB). Adds new codes and modifiers and updates the descriptions of known ones, in one transaction; a file not in that layout is 422 and changes nothing. Administrators only.',
        consumes: ['multipart/form-data'],
        response: { 200: hcpcsImportResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const upload = await readHcpcsUpload(request, config.maxUploadBytes);
      return q.importHcpcs(db, actor(request).id, upload.buffer, upload.source);
    },
  );

  app.get(
    '/reference/fee_schedule/',
    {
      schema: {
        tags,
        description:
          'The CMS DMEPOS fee schedules, the newest effective date first: each in force from its date until the next.',
        response: { 200: z.array(feeScheduleSchema), ...errorResponses },
      },
    },
    () => listFeeSchedules(db),
  );

  app.post(
    '/reference/fee_schedule/',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        description:
          "multipart/form-data with `file` (a CMS DMEPOS fee schedule CSV, as DMEPOS_JAN.csv), `effective_date` (YYYY-MM-DD) and optionally `rural_zips` (the quarter's rural ZIP code CSV; when absent the ZIP codes of the schedule in force on that date are copied). Replaces the schedule of that effective date, keeps the others, in one transaction; a file not in the layout is 422 naming the line. Administrators only.",
        consumes: ['multipart/form-data'],
        response: { 201: feeScheduleSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const form = await readTextForm(request, config.maxUploadBytes, ['file', 'rural_zips']);
      return reply.code(201).send(await importFeeSchedule(db, actor(request).id, form));
    },
  );
};
