import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { demoCatalog, seedDemoProducts, seedManyProducts } from '../db/seed/products.ts';
import { inventoryReportFilename } from './pdf.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await setupTestApp();
  token = (await t.userWithRole(2)).token;
});
afterAll(async () => {
  await t.close();
});

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A GIF header is enough for the signature check. */
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

type Fields = Record<string, string | number | (string | number)[]>;
interface FileField {
  buffer: Buffer;
  filename: string;
  type: string;
}

/** A multipart body as a browser's FormData would send it. */
async function multipart(fields: Fields, photo?: FileField) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, String(v));
  }
  if (photo) form.append('photo', new Blob([new Uint8Array(photo.buffer)], { type: photo.type }), photo.filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...auth(token) },
  };
}

const variant = (overrides: Record<string, unknown> = {}) => ({
  price_variant: 'General',
  description: 'Retail price',
  sale_price: '1,250.50',
  cost_price: '800',
  unit_measure: 'Each',
  ...overrides,
});

function productFields(overrides: Fields = {}): Fields {
  return {
    name: 'ResMed AirFit F20 Full Face Mask, Medium',
    description: 'Full face mask',
    internal_code: unique('TST-'),
    type_id: 1,
    quantity: 12,
    cost_price: '1,098.75',
    variants: JSON.stringify([
      variant(),
      variant({ price_variant: 'Medicare', sale_price: '99.99', cost_price: '50.5', unit_measure: 'Box' }),
    ]),
    ...overrides,
  };
}

async function categoryIds(...names: string[]): Promise<number[]> {
  const rows = await t.db.selectFrom('categories').select(['id', 'name']).where('name', 'in', names).execute();
  return names.map((n) => rows.find((r) => r.name === n)!.id);
}

async function createProduct(fields: Fields = {}, photo?: FileField) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/',
    ...(await multipart(productFields(fields), photo)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const photoDir = () => path.join(t.config.dataDir, 'files', 'products');
const storedPhotos = () => (fs.existsSync(photoDir()) ? fs.readdirSync(photoDir()).sort() : []);
const productCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Makes an order line use the product. Before the orders area lands, a minimal
 * `order_products` table stands in; once it exists, its other required columns get
 * placeholder values with foreign-key triggers off, since only the reference matters here.
 */
async function useInOrderLine(productId: number, variantId: number): Promise<void> {
  const { rows } = await sql<{ t: string | null }>`SELECT to_regclass('public.order_products')::text AS t`.execute(
    t.db,
  );
  if (!rows[0].t) {
    await sql`CREATE TABLE order_products (id serial PRIMARY KEY, product_id int, variant_id int)`.execute(t.db);
  }
  const required = await sql<{ column_name: string; data_type: string }>`
    SELECT column_name, data_type FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'order_products' AND is_nullable = 'NO'
      AND column_default IS NULL AND is_identity = 'NO' AND column_name NOT IN ('product_id', 'variant_id')
  `.execute(t.db);
  const placeholder = (type: string) =>
    type === 'boolean'
      ? sql`false`
      : type === 'date'
        ? sql`'2026-01-01'::date`
        : type === 'text'
          ? sql`'Each'`
          : sql`1`;
  const columns = ['product_id', 'variant_id', ...required.rows.map((c) => c.column_name)];
  const values = [sql`${productId}`, sql`${variantId}`, ...required.rows.map((c) => placeholder(c.data_type))];
  await t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`INSERT INTO order_products (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES (${sql.join(values)})`.execute(
      trx,
    );
  });
}

describe('authentication', () => {
  it('answers 401 without a token on every products call', async () => {
    for (const url of [
      '/api/products/',
      '/api/products/1/',
      '/api/product_types/',
      '/api/categories/',
      '/api/variants/1/',
      '/api/export_products/',
      '/api/products/1/photo/',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/products/', payload: {} })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/products/update_qty_of_hand/', payload: {} })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/products/1/' })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the products routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/products/',
      '/api/products/{id}/',
      '/api/products/update_qty_of_hand/',
      '/api/categories/',
      '/api/export_products/',
      '/api/variants/{id}/',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('lookups', () => {
  it('lists the product types', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product_types/', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['Nutrition', 'Purchase Equipment', 'Rental Equipment', 'Service', 'Supply']);
  });

  it('cascades categories: groups, then categories, then subcategories', async () => {
    const top = await t.app.inject({ method: 'GET', url: '/api/categories/', headers: auth(token) });
    expect(top.statusCode).toBe(200);
    const groups = top.json() as { id: number; name: string; parent_id: number | null; level: number }[];
    expect(groups.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Respiratory', 'Diabetic', 'Incontinence', 'Nutrition', 'Wound Care', 'Mobility']),
    );
    expect(groups.every((g) => g.parent_id === null && g.level === 1)).toBe(true);

    const respiratory = groups.find((g) => g.name === 'Respiratory')!;
    const level2 = (
      await t.app.inject({ method: 'GET', url: `/api/categories/?parent_id=${respiratory.id}`, headers: auth(token) })
    ).json();
    const cpap = level2.find((c: { name: string }) => c.name === 'CPAP Supplies');
    expect(cpap).toMatchObject({ parent_id: respiratory.id, level: 2 });

    const level3 = (
      await t.app.inject({ method: 'GET', url: `/api/categories/?parent_id=${cpap.id}`, headers: auth(token) })
    ).json();
    expect(level3.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Masks', 'Cushions & Pillows', 'Tubing', 'Filters']),
    );
    expect(level3.every((c: { level: number; parent_id: number }) => c.level === 3 && c.parent_id === cpap.id)).toBe(
      true,
    );

    const masks = level3.find((c: { name: string }) => c.name === 'Masks');
    const below = await t.app.inject({
      method: 'GET',
      url: `/api/categories/?parent_id=${masks.id}`,
      headers: auth(token),
    });
    expect(below.json()).toEqual([]);

    const empty = await t.app.inject({ method: 'GET', url: '/api/categories/?parent_id=', headers: auth(token) });
    expect(empty.json()).toEqual(groups);
    const bad = await t.app.inject({ method: 'GET', url: '/api/categories/?parent_id=abc', headers: auth(token) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toHaveProperty('parent_id');
  });
});

describe('POST /api/products/', () => {
  it('creates a product from multipart with variants, categories and a photo (201)', async () => {
    const cats = await categoryIds('Respiratory', 'CPAP Supplies', 'Masks');
    const before = storedPhotos();
    const product = await createProduct({ categories: cats }, { buffer: PNG, filename: 'mask.png', type: 'image/png' });
    expect(product).toMatchObject({
      name: 'ResMed AirFit F20 Full Face Mask, Medium',
      description: 'Full face mask',
      type: { id: 1, name: 'Supply' },
      type_id: 1,
      quantity: 12,
      cost_price: 1098.75,
      photo: `/api/products/${product.id}/photo/`,
      categories: cats,
      qty_unit_measures: [],
    });
    expect(product.categories_list.map((c: { name: string }) => c.name)).toEqual([
      'Respiratory',
      'CPAP Supplies',
      'Masks',
    ]);
    expect(product.categories_list[2]).toMatchObject({ id: cats[2], parent_id: cats[1] });
    expect(product.variants).toEqual([
      {
        id: expect.any(Number),
        price_variant: 'General',
        description: 'Retail price',
        sale_price: 1250.5,
        cost_price: 800,
        unit_measure: 'Each',
      },
      {
        id: expect.any(Number),
        price_variant: 'Medicare',
        description: 'Retail price',
        sale_price: 99.99,
        cost_price: 50.5,
        unit_measure: 'Box',
      },
    ]);
    expect(storedPhotos()).toHaveLength(before.length + 1);

    const photo = await t.app.inject({ method: 'GET', url: product.photo, headers: auth(token) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    const read = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/`, headers: auth(token) });
    expect(read.json()).toEqual(product);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'product')
      .where('entity_id', '=', String(product.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('accepts "type" for type_id and repeated categories with brackets, and JSON bodies', async () => {
    const [group, category] = await categoryIds('Diabetic', 'Testing');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart({ ...productFields({ type_id: [] }), type: 4, 'categories[]': [group, category] })),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type_id: 4, categories: [group, category] });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: auth(token),
      payload: {
        name: 'Accu-Chek Guide Test Strips',
        internal_code: unique('TST-J-'),
        type_id: 1,
        variants: [variant()],
        categories: [group],
      },
    });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json()).toMatchObject({ quantity: 0, cost_price: 0, photo: null, categories: [group] });
  });

  it('answers 422 with the spec messages for an empty form', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/products/', ...(await multipart({ name: '' })) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      name: [PRODUCT_MESSAGES.nameRequired],
      internal_code: ['Internal code is required'],
      type_id: ['Type is required'],
      variants: ['Must be have a price variant the at least'],
    });
  });

  it('requires an integer quantity, a numeric cost price and at least one variant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart(productFields({ quantity: '2.5', cost_price: 'lots', variants: '[]' }))),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      quantity: ['The quantity must be integer'],
      cost_price: ['Cost price must be a number'],
      variants: ['Must be have a price variant the at least'],
    });
  });

  it('reports each price-variant field with its message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart(productFields({ variants: JSON.stringify([{ description: 'x' }]) }))),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      'variants.0.price_variant': ['Price variant is required'],
      'variants.0.sale_price': ['Sale price is required'],
      'variants.0.cost_price': ['Cost price is required'],
      'variants.0.unit_measure': ['Unit measure is required'],
    });
  });

  it('answers 422 (never 500) for malformed variants JSON, malformed multipart and a bad JSON body', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart(productFields({ variants: '[{"price_variant":' }))),
    });
    expect(badJson.statusCode).toBe(422);
    expect(badJson.json()).toEqual({ variants: [PRODUCT_MESSAGES.variantsJson] });

    const notAList = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart(productFields({ variants: '{"a":1}' }))),
    });
    expect(notAList.statusCode).toBe(422);
    expect(notAList.json()).toEqual({ variants: ['Must be have a price variant the at least'] });

    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ', ...auth(token) },
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nMask\r\n--XYZ\r\nContent-Disposition: form-da',
    });
    expect(truncated.statusCode).toBe(422);

    const array = await t.app.inject({ method: 'POST', url: '/api/products/', headers: auth(token), payload: [1, 2] });
    expect(array.statusCode).toBe(422);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: { 'content-type': 'application/json', ...auth(token) },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('refuses a duplicate reference number, whatever its case', async () => {
    const first = await createProduct();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart(productFields({ internal_code: first.internal_code.toLowerCase() }))),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ internal_code: ['A product with this reference number already exists.'] });
  });

  it('refuses an unknown type or category', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart(productFields({ type_id: 999, categories: [999999] }))),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      type_id: [PRODUCT_MESSAGES.typeInvalid],
      categories: [PRODUCT_MESSAGES.categoryInvalid],
    });
  });

  it('refuses a photo that is not an image (by its bytes) and stores nothing', async () => {
    const photosBefore = storedPhotos();
    const countBefore = await productCount();
    const fake = { buffer: Buffer.from('<html>not an image</html>'), filename: 'photo.png', type: 'image/png' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart(productFields(), fake)),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ photo: ['The photo must be an image'] });
    expect(storedPhotos()).toEqual(photosBefore);
    expect(await productCount()).toBe(countBefore);
  });

  it('refuses a photo over 5 MB and stores nothing', async () => {
    const photosBefore = storedPhotos();
    const countBefore = await productCount();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart(productFields(), { buffer: big, filename: 'big.png', type: 'image/png' })),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ photo: [PRODUCT_MESSAGES.photoTooLarge] });
    expect(storedPhotos()).toEqual(photosBefore);
    expect(await productCount()).toBe(countBefore);
  });

  it('removes the stored photo when the rest of the form is refused in the database', async () => {
    const first = await createProduct();
    const photosBefore = storedPhotos();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      ...(await multipart(productFields({ internal_code: first.internal_code }), {
        buffer: PNG,
        filename: 'p.png',
        type: 'image/png',
      })),
    });
    expect(res.statusCode).toBe(422);
    expect(storedPhotos()).toEqual(photosBefore);
  });
});

describe('GET /api/products/', () => {
  let tag: string;
  beforeAll(async () => {
    tag = unique('ZQ');
    await createProduct({ name: `Bravo ${tag} Tubing`, internal_code: `${tag}-B`, quantity: 5 });
    await createProduct({ name: `alpha ${tag} Filter`, internal_code: `${tag}-A`, quantity: 50 });
    await createProduct({ name: `Charlie ${tag} Cushion`, internal_code: `${tag}-C`, quantity: 20 });
  });

  it('searches name and reference number, pages and answers the list shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/?search=${tag}&page_size=2`,
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, page_size: 2, current: 1 });
    expect(body.results.map((r: { internal_code: string }) => r.internal_code)).toEqual([`${tag}-A`, `${tag}-B`]);
    expect(Object.keys(body.results[0]).sort()).toEqual(
      ['cost_price', 'id', 'internal_code', 'name', 'qty_unit_measures', 'quantity', 'type'].sort(),
    );
    expect(body.results[0]).toMatchObject({ type: { id: 1, name: 'Supply' }, cost_price: 1098.75, quantity: 50 });

    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/products/?search=${tag}&page_size=2&page=2`,
        headers: auth(token),
      })
    ).json();
    expect(page2.results.map((r: { internal_code: string }) => r.internal_code)).toEqual([`${tag}-C`]);

    const byCode = (
      await t.app.inject({ method: 'GET', url: `/api/products/?search=${tag.toLowerCase()}-c`, headers: auth(token) })
    ).json();
    expect(byCode.results.map((r: { name: string }) => r.name)).toEqual([`Charlie ${tag} Cushion`]);

    const words = (
      await t.app.inject({
        method: 'GET',
        url: `/api/products/?search=${encodeURIComponent(`filter ${tag}`)}`,
        headers: auth(token),
      })
    ).json();
    expect(words.count).toBe(1);

    const wildcard = (
      await t.app.inject({
        method: 'GET',
        url: `/api/products/?search=${encodeURIComponent('%_')}`,
        headers: auth(token),
      })
    ).json();
    expect(wildcard.count).toBe(0);
  });

  it('orders by name, internal_code and quantity, either way; ignores unknown fields', async () => {
    const codes = async (ordering: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/products/?search=${tag}&ordering=${ordering}`,
          headers: auth(token),
        })
      )
        .json()
        .results.map((r: { internal_code: string }) => r.internal_code.slice(-1));
    expect(await codes('quantity')).toEqual(['B', 'C', 'A']);
    expect(await codes('-quantity')).toEqual(['A', 'C', 'B']);
    expect(await codes('-internal_code')).toEqual(['C', 'B', 'A']);
    expect(await codes('-name')).toEqual(['C', 'B', 'A']);
    expect(await codes('password_hash')).toEqual(['A', 'B', 'C']);
  });

  it('answers 422 for a bad page size', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/?page_size=500', headers: auth(token) });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET /api/products/{id}/ and /api/variants/{id}/', () => {
  it('answers 404 for a missing product and for a malformed id', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/products/99999999/', headers: auth(token) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/abc/', headers: auth(token) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/variants/99999999/', headers: auth(token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/products/99999999/photo/', headers: auth(token) })).statusCode,
    ).toBe(404);
  });

  it('lists the price variants of a product', async () => {
    const product = await createProduct();
    const res = await t.app.inject({ method: 'GET', url: `/api/variants/${product.id}/`, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(product.variants);
  });

  it('answers 404 for the photo of a product without one', async () => {
    const product = await createProduct();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/photo/`, headers: auth(token) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PATCH /api/products/{id}/', () => {
  it('updates only the fields sent', async () => {
    const cats = await categoryIds('Mobility', 'Walkers');
    const product = await createProduct({ categories: cats });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ name: 'Renamed walker', cost_price: '2,000' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...product, name: 'Renamed walker', cost_price: 2000 });
  });

  it('stores and answers whether the product needs a face-to-face encounter; not sent keeps it', async () => {
    const product = await createProduct({ face_to_face: 'true' });
    expect(product.face_to_face).toBe(true);
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/`, headers: auth(token) });
    expect(read.json().face_to_face).toBe(true);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ name: 'Power wheelchair' })),
    });
    expect(renamed.json().face_to_face).toBe(true);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ face_to_face: 'false' })),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ...renamed.json(), face_to_face: false });
    const stored = await t.db
      .selectFrom('products')
      .select('face_to_face')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stored.face_to_face).toBe(false);
    expect((await createProduct()).face_to_face).toBe(false);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ face_to_face: 'maybe' })),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ face_to_face: ['Select yes or no'] });
  });

  it('ignores quantity (changed only through update_qty_of_hand)', async () => {
    const product = await createProduct({ quantity: 7 });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ quantity: '2.5' })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().quantity).toBe(7);
  });

  it('replaces the photo, removes the old file, and removes the photo when sent empty', async () => {
    const product = await createProduct({}, { buffer: PNG, filename: 'a.png', type: 'image/png' });
    const before = storedPhotos();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({}, { buffer: GIF, filename: 'b.gif', type: 'image/gif' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(storedPhotos()).toHaveLength(before.length);
    expect(storedPhotos()).not.toEqual(before);
    const photo = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/photo/`,
      headers: auth(token),
    });
    expect(photo.headers['content-type']).toBe('image/gif');

    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ photo: '' })),
    });
    expect(cleared.json().photo).toBeNull();
    expect(storedPhotos()).toHaveLength(before.length - 1);
  });

  it('refuses a non-image photo on update and keeps the old one', async () => {
    const product = await createProduct({}, { buffer: PNG, filename: 'a.png', type: 'image/png' });
    const before = storedPhotos();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({}, { buffer: Buffer.from('%PDF-1.4'), filename: 'x.jpg', type: 'image/jpeg' })),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ photo: ['The photo must be an image'] });
    expect(storedPhotos()).toEqual(before);
  });

  it('replaces variants: updates by id in place, adds new ones, removes missing ones', async () => {
    const product = await createProduct();
    const [general, medicare] = product.variants;
    const variants = [
      { ...general, sale_price: '1,300', description: 'New retail' },
      variant({ price_variant: 'Iowa', sale_price: 80, cost_price: 40, unit_measure: 'Case' }),
    ];
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ variants: JSON.stringify(variants) })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().variants;
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual({ ...general, sale_price: 1300, description: 'New retail' });
    expect(after[1]).toMatchObject({ price_variant: 'Iowa', sale_price: 80, unit_measure: 'Case' });
    expect(after.map((v: { id: number }) => v.id)).not.toContain(medicare.id);
  });

  it('keeps a removed variant that an order line uses', async () => {
    const product = await createProduct();
    const [general, medicare] = product.variants;
    await useInOrderLine(product.id, medicare.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ variants: JSON.stringify([general]) })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().variants.map((v: { id: number }) => v.id)).toEqual([general.id, medicare.id]);
  });

  it('refuses an empty variant list, an unknown variant id and a duplicate reference number', async () => {
    const other = await createProduct();
    const product = await createProduct();
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ variants: '[]' })),
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ variants: ['Must be have a price variant the at least'] });

    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ variants: JSON.stringify([other.variants[0]]) })),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual({ 'variants.0.id': [PRODUCT_MESSAGES.variantUnknown] });

    const dup = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ internal_code: other.internal_code.toUpperCase() })),
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ internal_code: [PRODUCT_MESSAGES.duplicateCode] });

    const same = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ internal_code: product.internal_code })),
    });
    expect(same.statusCode).toBe(200);

    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ name: ' ' })),
    });
    expect(blank.json()).toEqual({ name: ['Name is required'] });
  });

  it('clears categories when sent empty and audits the change', async () => {
    const product = await createProduct({ categories: await categoryIds('Wound Care', 'Dressings') });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/`,
      ...(await multipart({ categories: '' })),
    });
    expect(res.json()).toMatchObject({ categories: [], categories_list: [] });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity', '=', 'product')
      .where('entity_id', '=', String(product.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect((audit[1].before as { categories: number[] }).categories).toHaveLength(2);
  });

  it('answers 404 for a missing product', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/products/99999999/',
      ...(await multipart({ name: 'x' })),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/products/{id}/', () => {
  it('deletes (204), removes the photo file and audits', async () => {
    const product = await createProduct({}, { buffer: PNG, filename: 'a.png', type: 'image/png' });
    const before = storedPhotos();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}/`, headers: auth(token) });
    expect(res.statusCode).toBe(204);
    expect(storedPhotos()).toHaveLength(before.length - 1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/`, headers: auth(token) })).statusCode,
    ).toBe(404);
    expect(await t.db.selectFrom('price_variants').select('id').where('product_id', '=', product.id).execute()).toEqual(
      [],
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'product')
      .where('entity_id', '=', String(product.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('answers 200 "The product cannot be deleted!" when an order line uses it', async () => {
    const product = await createProduct();
    await useInOrderLine(product.id, product.variants[0].id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}/`, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'The product cannot be deleted!' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/`, headers: auth(token) })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for a missing product', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/products/99999999/', headers: auth(token) })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/products/update_qty_of_hand/', () => {
  const post = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/products/update_qty_of_hand/', headers: auth(token), payload });

  it('sets the quantity on hand (200) and audits it', async () => {
    const product = await createProduct({ quantity: 3 });
    const res = await post({ product_id: product.id, quantity: 42 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: product.id, quantity: 42 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity', '=', 'product')
      .where('entity_id', '=', String(product.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect([
      (audit[1].before as { quantity: number }).quantity,
      (audit[1].after as { quantity: number }).quantity,
    ]).toEqual([3, 42]);
  });

  it('upserts a unit-measure quantity and its active flag (201)', async () => {
    const product = await createProduct();
    const first = await post({ product_id: product.id, unit_measure: 'Box', quantity: 4 });
    expect(first.statusCode).toBe(201);
    expect(first.json().qty_unit_measures).toEqual([{ unit_measure: 'Box', quantity: 4, active: true }]);

    await post({ product_id: product.id, unit_measure: 'Each', quantity: 30, active: true });
    const off = await post({ product_id: product.id, unit_measure: 'Box', quantity: 6, active: false });
    expect(off.json().qty_unit_measures).toEqual([
      { unit_measure: 'Each', quantity: 30, active: true },
      { unit_measure: 'Box', quantity: 6, active: false },
    ]);
    // Without `active` the stored flag stays.
    const kept = await post({ product_id: product.id, unit_measure: 'Box', quantity: 7 });
    expect(kept.json().qty_unit_measures[1]).toEqual({ unit_measure: 'Box', quantity: 7, active: false });
    expect(kept.json().quantity).toBe(12);

    const list = (
      await t.app.inject({ method: 'GET', url: `/api/products/?search=${product.internal_code}`, headers: auth(token) })
    ).json();
    expect(list.results[0].qty_unit_measures).toHaveLength(2);
  });

  it('refuses negative or fractional quantities, unknown units and unknown products (422)', async () => {
    const product = await createProduct({ quantity: 3 });
    const negative = await post({ product_id: product.id, quantity: -1 });
    expect(negative.statusCode).toBe(422);
    expect(negative.json()).toEqual({ quantity: ['The quantity cannot be negative'] });
    const fraction = await post({ product_id: product.id, unit_measure: 'Box', quantity: 1.5 });
    expect(fraction.json()).toEqual({ quantity: ['The quantity must be integer'] });
    const unit = await post({ product_id: product.id, unit_measure: 'Dozen', quantity: 1 });
    expect(unit.json()).toEqual({ unit_measure: ['Select a valid unit measure'] });
    const missing = await post({ product_id: 99999999, quantity: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toHaveProperty('product_id');
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/`, headers: auth(token) })
    ).json();
    expect(read.quantity).toBe(3);
  });
});

describe('GET /api/export_products/', () => {
  function pdfText(pdf: Buffer): string {
    const file = path.join(os.tmpdir(), `${unique('inventory')}.pdf`);
    fs.writeFileSync(file, pdf);
    try {
      return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  it('streams a PDF inventory report listing the reference numbers and active units', async () => {
    const tag = unique('INV');
    const a = await createProduct({
      name: `Inventory ${tag} Oxygen Cannula`,
      internal_code: `${tag}-A4615`,
      quantity: 17,
    });
    const b = await createProduct({
      name: `Inventory ${tag} Test Strips`,
      internal_code: `${tag}-A4253`,
      quantity: 240,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/products/update_qty_of_hand/',
      headers: auth(token),
      payload: { product_id: a.id, unit_measure: 'Case', quantity: 9 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/products/update_qty_of_hand/',
      headers: auth(token),
      payload: { product_id: b.id, unit_measure: 'Hours', quantity: 55, active: false },
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/export_products/', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="InventoryReport-\d{4}-\d{2}-\d{2} \d{2}-\d{2}\.pdf"$/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = pdfText(res.rawPayload);
    expect(text).toContain('Inventory Report');
    for (const heading of [
      'Reference Number',
      'Name',
      'Each',
      'Bag',
      'Case',
      'Pack',
      'Hours',
      'Box',
      'Quantity on Hand',
    ])
      expect(text).toContain(heading);
    expect(text).toContain(`${tag}-A4615`);
    expect(text).toContain(`${tag}-A4253`);
    // The cells of a row, without the reference number and name (which hold the random tag).
    const cells = (code: string) =>
      text
        .split('\n')
        .find((l) => l.includes(code))!
        .split(tag)
        .at(-1)!
        .split(/\s+/)
        .filter(Boolean);
    expect(cells(`${tag}-A4615`)).toEqual(['Oxygen', 'Cannula', '9', '17']);
    expect(cells(`${tag}-A4253`)).toEqual(['Test', 'Strips', '240']);
  });

  it('applies the search filter and pages through more products than one chunk', async () => {
    const tag = unique('BULK');
    await t.db
      .insertInto('products')
      .values(
        Array.from({ length: 620 }, (_, i) => ({
          name: `Bulk ${tag} ${String(i).padStart(4, '0')}`,
          internal_code: `${tag}-${String(i).padStart(4, '0')}`,
          type_id: 1,
        })),
      )
      .execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/export_products/?search=${tag}`, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Search: ${tag}`);
    expect(text).toContain(`${tag}-0000`);
    expect(text).toContain(`${tag}-0499`);
    expect(text).toContain(`${tag}-0500`);
    expect(text).toContain(`${tag}-0619`);
    expect(text).toContain('Total products: 620');
    expect(text).not.toContain('INV');
  });

  it('says so when nothing matches', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/export_products/?search=${unique('NONE')}`,
      headers: auth(token),
    });
    expect(pdfText(res.rawPayload)).toContain('No products.');
  });

  it('names the file after the date and time', () => {
    expect(inventoryReportFilename(new Date(2026, 2, 7, 9, 5))).toBe('InventoryReport-2026-03-07 09-05.pdf');
  });
});

describe('demo seed', () => {
  it('seeds about 150 realistic products with variants, stock and categories, deterministically', async () => {
    const catalog = demoCatalog();
    expect(catalog.length).toBeGreaterThanOrEqual(140);
    expect(catalog.length).toBeLessThanOrEqual(170);
    expect(demoCatalog()).toEqual(catalog);
    expect(new Set(catalog.map((p) => p.internal_code)).size).toBe(catalog.length);

    const before = await productCount();
    await seedDemoProducts(t.db);
    expect(await productCount()).toBe(before + catalog.length);

    const mask = (
      await t.app.inject({ method: 'GET', url: '/api/products/?search=A7030-RS-M', headers: auth(token) })
    ).json();
    expect(mask.count).toBe(1);
    const full = (
      await t.app.inject({ method: 'GET', url: `/api/products/${mask.results[0].id}/`, headers: auth(token) })
    ).json();
    expect(full.variants.map((v: { price_variant: string }) => v.price_variant)).toContain('General');
    expect(full.variants.map((v: { price_variant: string }) => v.price_variant)).toContain('Medicare');
    expect(full.categories_list.map((c: { name: string }) => c.name)).toEqual([
      'Respiratory',
      'CPAP Supplies',
      'Masks',
    ]);

    const noVariant = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM products p WHERE NOT EXISTS (SELECT 1 FROM price_variants v WHERE v.product_id = p.id)
        AND p.internal_code IN (${sql.join(catalog.map((c) => c.internal_code))})
    `.execute(t.db);
    expect(noVariant.rows[0].n).toBe(0);
  });

  it('adds many products in batches for load tests', async () => {
    const before = await productCount();
    expect(await seedManyProducts(t.db, 1030)).toBe(1030);
    expect(await productCount()).toBe(before + 1030);
    expect(await seedManyProducts(t.db, 3)).toBe(3);
  });
});
