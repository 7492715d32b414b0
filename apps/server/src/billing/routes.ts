import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_MESSAGES,
  invoiceListRowSchema,
  invoiceSchema,
  invoiceUpdateSchema,
  listQuerySchema,
  priceListImportResultSchema,
  vendorCreateSchema,
  vendorPriceSchema,
  vendorSchema,
  vendorUpdateSchema,
  writeOffResultSchema,
  writeOffSchema,
} from '@dme/shared';
import { auditRead } from '../lib/audit.ts';
import { errorResponses, idParams, noContent, pageResponse } from '../lib/schemas.ts';
import { actor } from '../plugins/auth.ts';
import * as vendors from './vendors.ts';
import { importPriceList, listPrices } from './price-list.ts';
import { readTextForm } from '../lib/text-upload.ts';
import * as invoices from './invoices.ts';
import { writeOffServices } from './write-off.ts';
import { invoiceFilename, invoicePdf } from './invoice-pdf.ts';

const refusal = z.object({ detail: z.string(), error: z.string() });

/** Routes of the billing area (vendors, invoices, write-off). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const vendorTags = ['vendors'];
  const invoiceTags = ['invoices'];

  app.get(
    '/vendors/',
    {
      schema: {
        tags: vendorTags,
        description: 'Every vendor, by name (the screen sorts, searches and pages on the client).',
        response: { 200: z.array(vendorSchema), ...errorResponses },
      },
    },
    () => vendors.listVendors(db),
  );

  app.get(
    '/vendors/:id/',
    { schema: { tags: vendorTags, params: idParams, response: { 200: vendorSchema, ...errorResponses } } },
    (request) => vendors.getVendor(db, request.params.id),
  );

  app.post(
    '/vendors/',
    {
      schema: {
        tags: vendorTags,
        description:
          'Name and phone required; a name already used (any case) is 422. Optional electronic claim fields: payer_id, claim_filing_indicator (X12 SBR09), address_1, city, state, zip.',
        body: vendorCreateSchema,
        response: { 201: vendorSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await vendors.createVendor(db, actor(request).id, request.body)),
  );

  app.patch(
    '/vendors/:id/',
    {
      schema: {
        tags: vendorTags,
        description: 'Any of the create fields; a field not sent keeps its value.',
        params: idParams,
        body: vendorUpdateSchema,
        response: { 200: vendorSchema, ...errorResponses },
      },
    },
    (request) => vendors.updateVendor(db, actor(request).id, request.params.id, request.body),
  );

  app.delete(
    '/vendors/:id/',
    {
      schema: {
        tags: vendorTags,
        description: `204 when deleted; 200 with "${BILLING_MESSAGES.vendorCannotDelete}" when a check names the vendor or a patient's insurance bills it.`,
        params: idParams,
        response: { 200: refusal, 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await vendors.deleteVendor(db, actor(request).id, request.params.id);
      if (outcome === 'in_use') {
        const message = BILLING_MESSAGES.vendorCannotDelete;
        return reply.code(200).send({ detail: message, error: message });
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/vendors/:id/price_list/',
    {
      schema: {
        tags: vendorTags,
        description:
          "The payer's own prices (used when its pricing is price_list), by code, modifiers and effective date.",
        params: idParams,
        response: { 200: z.array(vendorPriceSchema), ...errorResponses },
      },
    },
    (request) => listPrices(db, request.params.id),
  );

  app.post(
    '/vendors/:id/price_list/',
    {
      schema: {
        tags: vendorTags,
        description:
          "multipart/form-data with `file`: a CSV with the header hcpcs,modifiers,price,effective_date (modifiers separated by spaces or colons; dates YYYY-MM-DD or MM/DD/YYYY). Replaces the payer's price list in one transaction; a bad row is 422 naming its line.",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: priceListImportResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { files } = await readTextForm(request, config.maxUploadBytes, ['file']);
      return reply.code(201).send(await importPriceList(db, actor(request).id, request.params.id, files.file));
    },
  );

  app.get(
    '/invoices/',
    {
      schema: {
        tags: invoiceTags,
        description:
          'search: patient name, order name or PO number (contains), or an invoice or order number; ordering: id, date, patient, order, order_name (prefix - for descending; default newest invoice first).',
        querystring: listQuerySchema,
        response: { 200: pageResponse(invoiceListRowSchema), ...errorResponses },
      },
    },
    (request) => invoices.listInvoices(db, request.query),
  );

  app.get(
    '/invoices/:id/',
    { schema: { tags: invoiceTags, params: idParams, response: { 200: invoiceSchema, ...errorResponses } } },
    (request) =>
      // The read's audit row is written while the services are read; if it fails, nothing is sent.
      invoices.getInvoice(db, request.params.id, (patientId) =>
        auditRead(db, { userId: actor(request).id, entity: 'invoice', entityId: request.params.id, patientId }),
      ),
  );

  app.patch(
    '/invoices/:id/',
    {
      schema: {
        tags: invoiceTags,
        description: 'notes and date (YYYY-MM-DD); other form fields are ignored.',
        params: idParams,
        body: invoiceUpdateSchema,
        response: { 200: invoiceSchema, ...errorResponses },
      },
    },
    (request) => invoices.updateInvoice(db, actor(request).id, request.params.id, request.body),
  );

  app.get(
    '/invoice_export/:id/',
    {
      // No response schema for 200: the body is the PDF (errors still answer JSON).
      schema: { tags: invoiceTags, description: 'The invoice as a PDF (invoice-{id}.pdf).', params: idParams },
    },
    async (request, reply) => {
      const pdf = await invoicePdf(db, config.business, request.params.id, (patientId) =>
        auditRead(db, { userId: actor(request).id, entity: 'invoice_pdf', entityId: request.params.id, patientId }),
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${invoiceFilename(request.params.id)}"`)
        .send(pdf);
    },
  );

  app.post(
    '/services-write-off/',
    {
      schema: {
        tags: invoiceTags,
        description:
          'services [{id, outstanding, amount_ajusted, write_off}]: the values each service should end with. A write-off takes the whole outstanding of an invoiced service that is not fully remitted; an entry equal to the stored values changes nothing (a repeat is 200). Answers the invoices touched.',
        body: writeOffSchema,
        response: { 200: writeOffResultSchema, ...errorResponses },
      },
    },
    (request) => writeOffServices(db, actor(request).id, request.body),
  );
};
