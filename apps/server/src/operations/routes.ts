import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { notFound } from '../lib/errors.ts';
import { errorResponses, idParams, pageResponse } from '../lib/schemas.ts';
import { actor } from '../plugins/auth.ts';
import { callOccurrence } from './detail.ts';
import { checkExpirations, listExpirations } from './expirations.ts';
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

  // ---------------------------------------------------------------- call patients

  app.get(
    '/call-customers/',
    {
      schema: {
        tags,
        querystring: callCustomerListQuerySchema,
        response: { 200: pageResponse(callCustomerRowSchema), ...errorResponses },
      },
    },
    (request) => lists.listCallCustomers(db, request.query),
  );

  app.get(
    '/call-customers/:id',
    {
      schema: {
        tags,
        description: 'The call detail of one occurrence.',
        params: idParams,
        response: { 200: callOccurrenceSchema, ...errorResponses },
      },
    },
    (request) => callOccurrence(db, request.params.id),
  );

  app.patch(
    '/call-customers/:id/',
    {
      schema: {
        tags,
        params: idParams,
        body: callCustomerUpdateSchema,
        response: { 200: callCustomerRowSchema, ...errorResponses },
      },
    },
    async (request) => {
      await setOccurrenceToggle(
        db,
        actor(request).id,
        request.params.id,
        'customer_approved',
        request.body.customer_approved,
      );
      return found(await lists.callCustomerRow(db, request.params.id));
    },
  );

  // ---------------------------------------------------------------- check eligibility

  app.get(
    '/check-eligibility/',
    {
      schema: {
        tags,
        querystring: checkEligibilityListQuerySchema,
        response: { 200: pageResponse(checkEligibilityRowSchema), ...errorResponses },
      },
    },
    (request) => lists.listCheckEligibility(db, request.query),
  );

  app.patch(
    '/check-eligibility/:id/',
    {
      schema: {
        tags,
        params: idParams,
        body: eligibilityUpdateSchema,
        response: { 200: checkEligibilityRowSchema, ...errorResponses },
      },
    },
    async (request) => {
      await setOccurrenceToggle(
        db,
        actor(request).id,
        request.params.id,
        'eligibility_toggle',
        request.body.eligibility_toggle,
      );
      return found(await lists.checkEligibilityRow(db, request.params.id));
    },
  );

  // ---------------------------------------------------------------- call patient with eligibility

  app.get(
    '/call-patient-eligibility/',
    {
      schema: {
        tags,
        querystring: callEligibilityListQuerySchema,
        response: { 200: pageResponse(callEligibilityRowSchema), ...errorResponses },
      },
    },
    (request) => lists.listCallEligibility(db, request.query),
  );

  app.get(
    '/call-patient-eligibility/:id/',
    {
      schema: {
        tags,
        description: 'The call detail of one occurrence.',
        params: idParams,
        response: { 200: callOccurrenceSchema, ...errorResponses },
      },
    },
    (request) => callOccurrence(db, request.params.id),
  );

  app.patch(
    '/call-patient-eligibility/:id/',
    {
      schema: {
        tags,
        description: 'Exactly one of eligibility_toggle or customer_approved.',
        params: idParams,
        body: callEligibilityUpdateSchema,
        response: { 200: callEligibilityRowSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { eligibility_toggle, customer_approved } = request.body;
      if (eligibility_toggle !== undefined) {
        await setOccurrenceToggle(db, actor(request).id, request.params.id, 'eligibility_toggle', eligibility_toggle);
      } else {
        await setOccurrenceToggle(db, actor(request).id, request.params.id, 'customer_approved', customer_approved!);
      }
      return found(await lists.callEligibilityRow(db, request.params.id));
    },
  );
};
