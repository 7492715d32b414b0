import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  asyncBatchQuerySchema,
  asyncBatchSchema,
  availableCountSchema,
  batchFileName,
  batchPrintItemSchema,
  batchPrintListQuerySchema,
  confirmBatchQuerySchema,
  exportBatchSchema,
  shippingFiltersSchema,
  shippingListQuerySchema,
  shippingPageSchema,
  shippingRecordSchema,
  shippingUpdateSchema,
  ticketFileName,
} from '@dme/shared';
import { notFound } from '../lib/errors.ts';
import { detailResponse, errorResponses, idParams } from '../lib/schemas.ts';
import { actor } from '../plugins/auth.ts';
import * as batches from './batches.ts';
import { deliveryRoutes } from './delivery-routes.ts';
import { defineShippingJobs } from './large-batch-job.ts';
import { printTicket, reprintTicket } from './printing.ts';
import { listShipping, officeToday } from './records.ts';
import { updateShipping } from './ship.ts';

const refusals = { 409: detailResponse, ...errorResponses };
/** A PDF answer (a buffer or a stream: Fastify sends both as they are, without serializing). */
const pdfBody = z
  .custom<Buffer | Readable>((v) => Buffer.isBuffer(v) || v instanceof Readable)
  .describe('A PDF document (application/pdf).');

/** Routes of the shipping area: shipping status, tickets, the Shipped switch, batches and large batches. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage, jobs } = app.ctx;
  const tags = ['shipping'];
  const today = () => officeToday(config.officeTimeZone);
  const pdfOptions = () => ({ business: config.business, printedOn: today() });
  defineShippingJobs(jobs, { db, storage, business: config.business, officeToday: today, log: app.log });
  await app.register(deliveryRoutes);

  const sendPdf = (reply: FastifyReply, name: string, body: Buffer) =>
    reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${name}"`).send(body);
  const userId = (request: FastifyRequest) => actor(request).id;

  app.get(
    '/shipping-status/',
    {
      schema: { tags, querystring: shippingListQuerySchema, response: { 200: shippingPageSchema, ...errorResponses } },
    },
    (request) => listShipping(db, request.query),
  );

  app.patch(
    '/shipping-status/:id/',
    {
      schema: {
        tags,
        description: 'The Shipped switch: shipping stamps the date, ships the services and creates the invoice.',
        params: idParams,
        body: shippingUpdateSchema,
        response: { 200: shippingRecordSchema, ...refusals },
      },
    },
    (request) => updateShipping(db, { userId: userId(request), today: today() }, request.params.id, request.body),
  );

  app.get(
    '/export/:id/print/',
    {
      schema: {
        tags,
        description: 'The first delivery ticket (PDF); stamps the ticket with the time and the user.',
        params: idParams,
        response: { 200: pdfBody, ...refusals },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        ticketFileName(request.params.id),
        await printTicket(db, pdfOptions(), userId(request), request.params.id),
      ),
  );

  app.get(
    '/export/:id/reprint/',
    {
      schema: {
        tags,
        description: 'The delivery ticket again (PDF), while a ticket exists and nothing shipped.',
        params: idParams,
        response: { 200: pdfBody, ...refusals },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        ticketFileName(request.params.id),
        await reprintTicket(db, pdfOptions(), userId(request), request.params.id),
      ),
  );

  app.get(
    '/getCountOcurrencesAvailablesForPrint/',
    {
      schema: {
        tags,
        description: 'How many occurrences a batch with these filters would print.',
        querystring: shippingFiltersSchema,
        response: { 200: availableCountSchema, ...errorResponses },
      },
    },
    async (request) => batches.countAvailable(db, request.query),
  );

  app.get(
    '/export_batch',
    {
      schema: {
        tags,
        description: 'Batch print step one: a batch of the available occurrences, marked printed.',
        querystring: shippingFiltersSchema,
        response: { 200: exportBatchSchema, ...refusals },
      },
    },
    async (request) => {
      const { batch, count, held } = await batches.createBatch(db, { userId: userId(request) }, request.query, 'batch');
      if (count >= batches.ANALYZE_MIN_ROWS) await jobs.send(batches.ANALYZE_JOB, {});
      return { batchPrintId: batch.id, count, name: batches.batchName(batch), held };
    },
  );

  app.get(
    '/confirm_export_batch',
    {
      schema: {
        tags,
        description: "Batch print step two: the batch's tickets as one PDF, streamed page by page.",
        querystring: confirmBatchQuerySchema,
        response: { 200: pdfBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const batch = await batches.batchRow(db, request.query.batchPrintId);
      // Written before the first page goes out: a stream cannot be taken back once it has started.
      await batches.auditBatchTickets(db, userId(request), batch.id, 'shipping_batch');
      const name =
        batch.start_date && batch.end_date ? batchFileName(batch.start_date, batch.end_date) : batches.batchName(batch);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(batches.streamBatch(db, batch, { ...pdfOptions(), printedAt: new Date(), log: request.log }));
    },
  );

  app.get(
    '/async_confirm_export_batch',
    {
      schema: {
        tags,
        description: 'Large batch print: queues the rendering of the batch to a file (see /list_batch_prints/).',
        querystring: asyncBatchQuerySchema,
        response: { 200: asyncBatchSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { batchPrintId, ...filters } = request.query;
      const queued = await batches.queueLargeBatch(db, jobs, { userId: userId(request) }, filters, batchPrintId);
      return reply.code(200).send(queued);
    },
  );

  app.get(
    '/list_batch_prints/',
    {
      schema: {
        tags,
        description: 'Large batches, newest first: finished files with their url, and those still rendering.',
        querystring: batchPrintListQuerySchema,
        response: { 200: z.array(batchPrintItemSchema), ...errorResponses },
      },
    },
    (request) => batches.listBatchPrints(db, request.query.page, request.query.page_size),
  );

  app.get(
    '/batch_prints/:id/download/',
    {
      schema: {
        tags,
        description: "A finished large batch's PDF (signed-in users only).",
        params: idParams,
        response: { 200: pdfBody, ...refusals },
      },
    },
    async (request, reply) => {
      const file = await batches.batchFile(db, request.params.id);
      // A file missing from storage is no read: checked before the audit rows are written.
      if (!(await storage.exists(file.key))) throw notFound('The file is no longer stored.');
      await batches.auditBatchTickets(db, userId(request), request.params.id, 'large_batch');
      if (file.size !== null) reply.header('Content-Length', file.size);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .send(storage.read(file.key));
    },
  );
};
