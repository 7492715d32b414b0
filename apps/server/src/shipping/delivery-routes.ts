import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryAnswerSchema, deliveryBodySchema, proofOfDeliveryFileName } from '@dme/shared';
import { detailResponse, errorResponses, idParams } from '../lib/schemas.ts';
import { actor } from '../plugins/auth.ts';
import { recordDelivery } from './delivery.ts';
import { proofPdf } from './delivery-pdf.ts';
import { officeToday } from './records.ts';

const refusals = { 409: detailResponse, ...errorResponses };
const pdfBody = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('A PDF document (application/pdf).');

/** Proof of delivery (issue 34): a delivery recorded with the recipient's signature, and its signed PDF. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage } = app.ctx;
  const tags = ['shipping'];
  const timeZone = config.officeTimeZone;

  app.post(
    '/ocurrences/:id/delivery/',
    {
      schema: {
        tags,
        description:
          'Records the delivery with the drawn signature and ships the occurrence: the delivery date is the ' +
          'shipped date, the invoice date and the date of service billed.',
        params: idParams,
        body: deliveryBodySchema,
        response: { 201: deliveryAnswerSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const answer = await recordDelivery({ db, storage, timeZone }, actor(request), request.params.id, request.body);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/ocurrences/:id/delivery/proof/',
    {
      schema: {
        tags,
        description: "The signed proof of delivery (PDF): the ticket's content with the recipient and the signature.",
        params: idParams,
        response: { 200: pdfBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const opts = { business: config.business, printedOn: officeToday(timeZone), timeZone };
      const pdf = await proofPdf(db, storage, opts, actor(request).id, request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(pdf.length))
        .header('Content-Disposition', `inline; filename="${proofOfDeliveryFileName(request.params.id)}"`)
        .send(pdf);
    },
  );
};
