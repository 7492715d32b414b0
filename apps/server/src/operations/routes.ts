import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  callCustomerListQuerySchema,
  callCustomerRowSchema,
  callCustomerUpdateSchema,
  callEligibilityListQuerySchema,
  callEligibilityRowSchema,
  callEligibilityUpdateSchema,
  callOccurrenceSchema,
  checkEligibilityListQuerySchema,
  checkEligibilityRowSchema,
  checkExpirationsQuerySchema,
  checkExpirationsSchema,
  eligibilityUpdateSchema,
  expirationListQuerySchema,
  expirationOccurrenceRowSchema,
  expirationOccurrencesQuerySchema,
  expirationRowSchema,
  todayIn,
} from '@dme/shared';
import { auditBatchRead, occurrenceReadAudit } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';
import { errorResponses, idParams, pageResponse } from '../lib/schemas.ts';
import { actor } from '../plugins/auth.ts';
import { callOccurrence } from './detail.ts';
import { checkExpirations, expirationPatients, listExpirations } from './expirations.ts';
import { expirationsPdfFilename, streamExpirationsPdf } from './expirations-pdf.ts';
import * as lists from './occurrence-lists.ts';
import { setOccurrenceToggle } from './toggles.ts';

/**
 * Routes of the operations area (work queues: expirations, call patients, eligibility, call
 * detail). The expiration edit and Solved switch are PATCH /expirations/{id}/ of the orders area
 * (one update route); call notes, service edit and delete are the orders area's routes too.
 */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['operations'];
  const found = <T>(row: T | null): T => {
    if (row === null) throw notFound();
    return row;
  };

  // ---------------------------------------------------------------- expirations

  app.get(
    '/expirations/',
    {
      schema: {
        tags,
        description: 'Expirations whose date or yellow date lies in the range (both dates required).',
        querystring: expirationListQuerySchema,
        response: { 200: pageResponse(expirationRowSchema), ...errorResponses },
      },
    },
    (request) => listExpirations(db, request.query),
  );

  app.get(
    '/export_expirations',
    {
      schema: {
        tags,
        description: 'Batch print: the filtered expirations (every page) as a PDF, streamed.',
        querystring: expirationListQuerySchema,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const state =
        query.state === undefined
          ? undefined
          : await db.selectFrom('usa_states').select('name').where('id', '=', query.state).executeTakeFirst();
      // Who printed which patients' expirations: one row per patient, before the first page goes out.
      await auditBatchRead(
        db,
        {
          userId: actor(request).id,
          entity: 'expirations_pdf',
          entityId: `${query.start_date}/${query.end_date}`,
          details: { start_date: query.start_date, end_date: query.end_date },
        },
        expirationPatients(db, query),
      );
      const now = new Date();
      return reply
        .type('application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="${expirationsPdfFilename(query.start_date, query.end_date)}"`,
        )
        .send(
          streamExpirationsPdf(db, {
            query,
            stateName: state?.name ?? null,
            business: config.business.name,
            now,
            log: request.log,
          }),
        );
    },
  );

  app.get(
    '/expirations_ocurrences/',
    {
      schema: {
        tags,
        description:
          'Occurrences of the range whose order has an unsolved expiration matching them (alert red or yellow).',
        querystring: expirationOccurrencesQuerySchema,
        response: { 200: pageResponse(expirationOccurrenceRowSchema), ...errorResponses },
      },
    },
    (request) => lists.listExpirationOccurrences(db, request.query),
  );

  app.get(
    '/check_expirations/',
    {
      schema: {
        tags,
        description:
          "Unsolved expirations due in the range (default: the office's current week, Sunday to Saturday), by colour.",
        querystring: checkExpirationsQuerySchema,
        response: { 200: checkExpirationsSchema, ...errorResponses },
      },
    },
    (request) => checkExpirations(db, request.query, todayIn(config.officeTimeZone)),
  );

  // A queue's list (a page of rows), its one-row toggle (answering the row as the list shows it)
  // and the call detail, which Call Patients and Call Patient w Eligibility both open.
  const listSchema = <Q extends z.ZodType, R extends z.ZodType>(querystring: Q, row: R) => ({
    schema: { tags, querystring, response: { 200: pageResponse(row), ...errorResponses } },
  });
  const toggleSchema = <B extends z.ZodType, R extends z.ZodType>(body: B, row: R, description?: string) => ({
    schema: { tags, description, params: idParams, body, response: { 200: row, ...errorResponses } },
  });
  for (const path of ['/call-customers/:id', '/call-patient-eligibility/:id/']) {
    app.get(
      path,
      {
        schema: {
          tags,
          description: 'The call detail of one occurrence.',
          params: idParams,
          response: { 200: callOccurrenceSchema, ...errorResponses },
        },
      },
      (request) =>
        // The read's audit row is written while the services are read; if it fails, nothing is sent.
        callOccurrence(
          db,
          request.params.id,
          occurrenceReadAudit(db, actor(request).id, 'call_detail', request.params.id),
        ),
    );
  }

  // ---------------------------------------------------------------- call patients

  app.get('/call-customers/', listSchema(callCustomerListQuerySchema, callCustomerRowSchema), (request) =>
    lists.listCallCustomers(db, request.query),
  );

  app.patch('/call-customers/:id/', toggleSchema(callCustomerUpdateSchema, callCustomerRowSchema), async (request) => {
    const { id } = request.params;
    await setOccurrenceToggle(db, actor(request).id, id, 'customer_approved', request.body.customer_approved);
    return found(await lists.callCustomerRow(db, id));
  });

  // ---------------------------------------------------------------- check eligibility

  app.get('/check-eligibility/', listSchema(checkEligibilityListQuerySchema, checkEligibilityRowSchema), (request) =>
    lists.listCheckEligibility(db, request.query),
  );

  app.patch(
    '/check-eligibility/:id/',
    toggleSchema(eligibilityUpdateSchema, checkEligibilityRowSchema),
    async (request) => {
      const { id } = request.params;
      await setOccurrenceToggle(db, actor(request).id, id, 'eligibility_toggle', request.body.eligibility_toggle);
      return found(await lists.checkEligibilityRow(db, id));
    },
  );

  // ---------------------------------------------------------------- call patient with eligibility

  app.get(
    '/call-patient-eligibility/',
    listSchema(callEligibilityListQuerySchema, callEligibilityRowSchema),
    (request) => lists.listCallEligibility(db, request.query),
  );

  app.patch(
    '/call-patient-eligibility/:id/',
    toggleSchema(
      callEligibilityUpdateSchema,
      callEligibilityRowSchema,
      'Exactly one of eligibility_toggle or customer_approved.',
    ),
    async (request) => {
      const { id } = request.params;
      const { eligibility_toggle, customer_approved } = request.body;
      if (eligibility_toggle !== undefined) {
        await setOccurrenceToggle(db, actor(request).id, id, 'eligibility_toggle', eligibility_toggle);
      } else {
        await setOccurrenceToggle(db, actor(request).id, id, 'customer_approved', customer_approved!);
      }
      return found(await lists.callEligibilityRow(db, id));
    },
  );
};
