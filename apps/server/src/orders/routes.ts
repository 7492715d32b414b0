import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  callNoteSchema as callNoteBody,
  expirationSchema as expirationBody,
  expirationUpdateSchema,
  idField,
  listQuerySchema,
  occurrenceSchema,
  occurrenceUpdateSchema,
  orderCallNoteSchema,
  orderCreateSchema,
  orderExpirationSchema,
  orderListItemSchema,
  orderLookupSchema,
  orderProductLineSchema,
  orderSchema,
  orderUpdateSchema,
  pathId,
  patientOrderSchema,
  patientRentalSchema,
  todayWire,
  productLineSchema as productLineBody,
  productLineUpdateSchema,
  serviceCloneSchema,
  serviceSchema,
  serviceUpdateSchema,
} from '@dme/shared';
import { audit, auditRead, occurrenceReadAudit } from '../lib/audit.ts';
import { actor } from '../plugins/auth.ts';
import { errorResponses, idParams, noContent, pageResponse } from '../lib/schemas.ts';
import type { Actor } from './occurrences.ts';
import * as q from './queries.ts';
import * as lists from './lists.ts';
import * as lines from './lines.ts';
import * as services from './services.ts';
import * as notes from './notes.ts';
import { listPatientRentals } from './rentals.ts';
import { notFound } from '../lib/errors.ts';
import * as expirations from './expirations.ts';

const lineParams = z.object({ orderId: pathId, productLineId: pathId });
const listQuery = listQuerySchema.extend({ patient_id: idField().optional() });

/** Routes of the orders area: orders, product lines, services, occurrences, call notes, expirations. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const orderActor = (request: FastifyRequest): Actor => ({ userId: actor(request).id, taxRate: config.salesTaxRate });
  const tags = ['orders'];

  for (const [path, table] of [
    ['/order_status/', 'order_statuses'],
    ['/deliveries/', 'deliveries'],
    ['/recurrences/', 'recurrences'],
  ] as const) {
    app.get(path, { schema: { tags, response: { 200: z.array(orderLookupSchema), ...errorResponses } } }, () =>
      lists.lookups(db, table),
    );
  }

  app.get(
    '/orders/',
    {
      schema: { tags, querystring: listQuery, response: { 200: pageResponse(orderListItemSchema), ...errorResponses } },
    },
    (request) => lists.listOrders(db, request.query),
  );

  app.post(
    '/orders/',
    {
      schema: { tags, body: orderCreateSchema, response: { 201: orderSchema, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await q.createOrder(db, orderActor(request), request.body)),
  );

  app.get(
    '/orders/:id/',
    {
      schema: { tags, params: idParams, response: { 200: orderSchema, ...errorResponses } },
    },
    (request) =>
      // The read's audit row is written while the order's lists are read; if it fails, nothing is sent.
      q.getOrder(db, request.params.id, (patientId) =>
        auditRead(db, { userId: actor(request).id, entity: 'order', entityId: request.params.id, patientId }),
      ),
  );

  app.patch(
    '/orders/:id/',
    {
      schema: { tags, params: idParams, body: orderUpdateSchema, response: { 200: orderSchema, ...errorResponses } },
    },
    (request) => q.updateOrder(db, orderActor(request), request.params.id, request.body),
  );

  app.delete(
    '/orders/:id/',
    {
      schema: { tags, params: idParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await q.deleteOrder(db, orderActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/orders/patient-what-ever/:id',
    {
      schema: { tags, params: idParams, response: { 200: z.array(patientOrderSchema), ...errorResponses } },
    },
    (request) => {
      const patientId = request.params.id;
      // The read's audit row is written while the orders are read; if it fails, nothing is sent.
      return lists.patientOrders(db, patientId, () =>
        audit(db, { userId: actor(request).id, action: 'read', entity: 'orders', entityId: patientId, patientId }),
      );
    },
  );

  app.get(
    '/patients/:id/rentals/',
    {
      schema: {
        tags,
        description:
          "The patient's rented items (issue 33): month in force today, cap (13 capped rental, 36 oxygen), status, ownership date and next bill date.",
        params: idParams,
        response: { 200: z.array(patientRentalSchema), ...errorResponses },
      },
    },
    async (request) => {
      const patientId = request.params.id;
      const patient = await db.selectFrom('patients').select('id').where('id', '=', patientId).executeTakeFirst();
      if (!patient) throw notFound();
      await audit(db, { userId: actor(request).id, action: 'read', entity: 'rentals', entityId: patientId, patientId });
      return listPatientRentals(db, patientId, todayWire());
    },
  );

  app.get(
    '/clone-order/:id/',
    {
      schema: { tags, params: idParams, response: { 201: z.object({ id: z.number() }), ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await q.cloneOrder(db, orderActor(request), request.params.id)),
  );

  app.get(
    '/order_products/:id',
    {
      schema: { tags, params: idParams, response: { 200: z.array(orderProductLineSchema), ...errorResponses } },
    },
    (request) =>
      lists.orderLines(db, request.params.id, (patientId) =>
        auditRead(db, { userId: actor(request).id, entity: 'order_products', entityId: request.params.id, patientId }),
      ),
  );

  app.post(
    '/orders/:id/products/',
    {
      schema: {
        tags,
        params: idParams,
        body: productLineBody,
        response: { 201: orderProductLineSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await lines.addLine(db, orderActor(request), request.params.id, request.body)),
  );

  app.patch(
    '/orders/:orderId/products/:productLineId/',
    {
      schema: {
        tags,
        params: lineParams,
        body: productLineUpdateSchema,
        response: { 200: orderProductLineSchema, ...errorResponses },
      },
    },
    (request) =>
      lines.updateLine(db, orderActor(request), request.params.orderId, request.params.productLineId, request.body),
  );

  app.delete(
    '/orders/:orderId/products/:productLineId/',
    {
      schema: { tags, params: lineParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await lines.deleteLine(db, orderActor(request), request.params.orderId, request.params.productLineId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/services/:id/',
    {
      schema: {
        tags,
        params: idParams,
        body: serviceUpdateSchema,
        response: { 200: serviceSchema, ...errorResponses },
      },
    },
    (request) => services.updateService(db, orderActor(request), request.params.id, request.body),
  );

  app.delete(
    '/services/:id/',
    {
      schema: { tags, params: idParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await services.deleteService(db, orderActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/clone_service/',
    {
      schema: { tags, body: serviceCloneSchema, response: { 201: serviceSchema, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await services.cloneService(db, orderActor(request), request.body)),
  );

  app.patch(
    '/ocurrences/:id/',
    {
      schema: {
        tags,
        params: idParams,
        body: occurrenceUpdateSchema,
        response: { 200: occurrenceSchema, ...errorResponses },
      },
    },
    (request) => services.updateOccurrence(db, orderActor(request), request.params.id, request.body),
  );

  app.get(
    '/users/service_notes/:id/',
    {
      schema: { tags, params: idParams, response: { 200: z.array(orderCallNoteSchema), ...errorResponses } },
    },
    (request) =>
      notes.listNotes(
        db,
        request.params.id,
        occurrenceReadAudit(db, actor(request).id, 'call_notes', request.params.id),
      ),
  );

  app.post(
    '/users/service_notes/:id/',
    {
      schema: { tags, params: idParams, body: callNoteBody, response: { 201: orderCallNoteSchema, ...errorResponses } },
    },
    async (request, reply) =>
      reply.code(201).send(await notes.addNote(db, orderActor(request), request.params.id, request.body)),
  );

  app.post(
    '/orders/:id/expirations/',
    {
      schema: {
        tags,
        params: idParams,
        body: expirationBody,
        response: { 201: orderExpirationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await expirations.createExpiration(db, orderActor(request), request.params.id, request.body)),
  );

  app.patch(
    '/expirations/:id/',
    {
      schema: {
        tags,
        params: idParams,
        body: expirationUpdateSchema,
        response: { 200: orderExpirationSchema, ...errorResponses },
      },
    },
    (request) => expirations.updateExpiration(db, orderActor(request), request.params.id, request.body),
  );

  app.delete(
    '/expirations/:id/',
    {
      schema: { tags, params: idParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await expirations.deleteExpiration(db, orderActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
