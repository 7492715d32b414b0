import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorySchema,
  idField,
  listQuerySchema,
  searchField,
  PHOTO_MAX_BYTES,
  PRODUCT_MESSAGES,
  productListItemSchema,
  productSchema,
  productTypeSchema,
  productVariantSchema,
  updateQuantitySchema,
} from '@dme/shared';
import { notFound } from '../lib/errors.ts';
import { detailResponse, errorResponses, idParams, noContent, pageResponse } from '../lib/schemas.ts';
import * as q from './queries.ts';
import * as writes from './product-writes.ts';
import { readCreateForm, readUpdateForm } from './form.ts';
import { inventoryReportFilename, streamInventoryReport } from './pdf.ts';
import { actor } from '../plugins/auth.ts';

/** An empty `parent_id` (or "null") asks for the top level, like no parameter at all. */
const categoriesQuery = z.object({
  parent_id: z.preprocess(
    (v) => (v === '' || v === 'null' ? undefined : v),
    idField(PRODUCT_MESSAGES.categoryInvalid).optional(),
  ),
});

const FORM_BODY =
  'multipart/form-data: name, description, internal_code, type_id (or type), quantity, cost_price, variants (JSON list), categories (repeated), hcpcs_code (in the CMS list), modifiers ("RR,KH"; each in the CMS list), photo (PNG, JPEG, GIF or WebP, at most 5 MB). JSON with the same fields is accepted too (modifiers as a list).';

/** Products, categories, price variants, stock and the inventory report. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.ctx;
  const maxPhotoBytes = Math.min(PHOTO_MAX_BYTES, config.maxUploadBytes);

  app.get(
    '/product_types/',
    {
      schema: { tags: ['products'], response: { 200: z.array(productTypeSchema), ...errorResponses } },
    },
    () => q.listProductTypes(db),
  );

  app.get(
    '/categories/',
    {
      schema: {
        tags: ['products'],
        querystring: categoriesQuery,
        response: { 200: z.array(categorySchema), ...errorResponses },
      },
    },
    (request) => q.listCategories(db, request.query.parent_id),
  );

  app.get(
    '/products/',
    {
      schema: {
        tags: ['products'],
        querystring: listQuerySchema,
        response: { 200: pageResponse(productListItemSchema), ...errorResponses },
      },
    },
    (request) => q.listProducts(db, request.query),
  );

  app.post(
    '/products/',
    {
      schema: {
        tags: ['products'],
        description: FORM_BODY,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: productSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const form = await readCreateForm(request, maxPhotoBytes);
      const product = await writes.createProduct(db, storage, actor(request).id, form.body, form.photo);
      return reply.code(201).send(product);
    },
  );

  app.post(
    '/products/update_qty_of_hand/',
    {
      schema: {
        tags: ['products'],
        description:
          '{product_id, quantity} sets the quantity on hand (200); {product_id, unit_measure, quantity, active} sets one unit measure (201).',
        body: updateQuantitySchema,
        response: { 200: productSchema, 201: productSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { product, unit } = await writes.updateQuantity(db, actor(request).id, request.body);
      return reply.code(unit ? 201 : 200).send(product);
    },
  );

  app.get(
    '/products/:id/',
    {
      schema: { tags: ['products'], params: idParams, response: { 200: productSchema, ...errorResponses } },
    },
    (request) => q.getProduct(db, request.params.id),
  );

  app.get(
    '/products/:id/photo/',
    {
      // No response schema: the body is the file's stream (errors still answer JSON).
      schema: { tags: ['products'], params: idParams },
    },
    async (request, reply) => {
      const row = await q.productRow(db, request.params.id);
      if (!row.photo_key || !row.photo_content_type || !(await storage.exists(row.photo_key))) throw notFound();
      return reply
        .type(row.photo_content_type)
        .header('Content-Disposition', 'inline')
        .send(storage.read(row.photo_key));
    },
  );

  app.patch(
    '/products/:id/',
    {
      schema: {
        tags: ['products'],
        description: FORM_BODY,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        response: { 200: productSchema, ...errorResponses },
      },
    },
    async (request) => {
      // A missing product answers 404 before the form is judged.
      await q.productRow(db, request.params.id);
      const form = await readUpdateForm(request, maxPhotoBytes);
      return writes.updateProduct(db, storage, actor(request).id, request.params.id, form.body, {
        photo: form.photo,
        removePhoto: form.removePhoto,
      });
    },
  );

  app.delete(
    '/products/:id/',
    {
      schema: {
        tags: ['products'],
        description:
          '204 when deleted; 200 with a detail when an order line uses the product (the spec reads 200 as "cannot be deleted").',
        params: idParams,
        response: { 200: detailResponse, 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await writes.deleteProduct(db, storage, actor(request).id, request.params.id);
      if (outcome === 'in_use') return reply.code(200).send({ detail: PRODUCT_MESSAGES.cannotDelete });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/variants/:id/',
    {
      schema: {
        tags: ['products'],
        params: idParams,
        response: { 200: z.array(productVariantSchema), ...errorResponses },
      },
    },
    async (request) => {
      await q.productRow(db, request.params.id);
      return q.listVariants(db, request.params.id);
    },
  );

  app.get(
    '/export_products/',
    {
      schema: {
        tags: ['products'],
        description: 'The inventory report (PDF), streamed.',
        querystring: z.object({ search: searchField }),
      },
    },
    (request, reply) => {
      const now = new Date();
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${inventoryReportFilename(now)}"`)
        .send(streamInventoryReport(db, { search: request.query.search, now, log: request.log }));
    },
  );
};
