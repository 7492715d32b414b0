import { auth, unique, type TestContext } from './helper.ts';

/**
 * Test data of every area: patients, products and orders, created through the real routes, so the
 * fixtures follow those areas' rules. Pass overrides for what a test is about.
 */

async function ok<T>(res: { statusCode: number; body: string; json(): unknown }, expected: number): Promise<T> {
  if (res.statusCode !== expected) throw new Error(`expected ${expected}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/** A valid create body; pass overrides for what the test is about. */
export function patientBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Rose',
    middle_name: 'A',
    last_name: 'Miller',
    address_1: '1420 Grand Ave',
    city: 'Des Moines',
    zip: '50309',
    phone: '515-555-0142',
    email: 'rose.miller@example.com',
    gender: 'Female',
    physician_name: 'Dr. Alan Brooks',
    physician_npi: '1234567893',
    state_id: 16,
    birthdate: '1948-03-12',
    ...overrides,
  };
}

export async function createPatient(
  t: TestContext,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; first_name: string; last_name: string }> {
  const last = unique('Pat');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patients/',
    headers: auth(t.adminToken),
    payload: {
      first_name: 'Rose',
      last_name: last,
      city: 'Des Moines',
      state_id: 16,
      birthdate: '1948-03-12',
      ...overrides,
    },
  });
  const body = await ok<{ data: { id: number } }>(res, 201);
  return {
    id: body.data.id,
    first_name: String(overrides.first_name ?? 'Rose'),
    last_name: String(overrides.last_name ?? last),
  };
}

export interface ProductFixture {
  id: number;
  name: string;
  internal_code: string;
  variantId: number;
  /** A second variant, with another unit measure and price. */
  otherVariantId: number;
}

export async function createProduct(t: TestContext, salePrice = '10.00'): Promise<ProductFixture> {
  const name = unique('CPAP Mask ');
  const code = unique('A');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/',
    headers: auth(t.adminToken),
    payload: {
      name,
      internal_code: code,
      type_id: 1,
      cost_price: '4.00',
      variants: [
        { price_variant: 'General', sale_price: salePrice, cost_price: '4.00', unit_measure: 'Each' },
        { price_variant: 'Medicare', sale_price: '99.00', cost_price: '40.00', unit_measure: 'Box' },
      ],
    },
  });
  const body = await ok<{ id: number; variants: { id: number; price_variant: string }[] }>(res, 201);
  const general = body.variants.find((v) => v.price_variant === 'General')!;
  const medicare = body.variants.find((v) => v.price_variant === 'Medicare')!;
  return { id: body.id, name, internal_code: code, variantId: general.id, otherVariantId: medicare.id };
}

export async function createOrder(
  t: TestContext,
  patientId: number,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: auth(t.adminToken),
    payload: { patient_id: patientId, delivery_id: 1, name: unique('Order '), ...overrides },
  });
  return ok<{ id: number }>(res, 201);
}

export function lineBody(product: ProductFixture, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    product_id: product.id,
    variant: product.variantId,
    recurrence_id: 1,
    quantity: 2,
    sale_price: 10,
    percentage: null,
    added_percentage: false,
    service_date: '2026-01-10',
    end_date: '2026-04-10',
    tax_applied: false,
    nutritional: false,
    ...overrides,
  };
}

export interface LineAnswer {
  id: number;
  adjusted_sale_price: number;
  unit_measure: string;
  [key: string]: unknown;
}

export async function addLine(t: TestContext, orderId: number, body: Record<string, unknown>): Promise<LineAnswer> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/products/`,
    headers: auth(t.adminToken),
    payload: body,
  });
  return ok<LineAnswer>(res, 201);
}

export interface ServiceAnswer {
  id: number;
  date: string;
  ocurrence_id: number;
  order_product_id: number | null;
  amount_remmited: number;
  sale_price: number;
  adjusted_sale_price: number;
  total: number;
  tax_amount: number;
  shipped: boolean;
  locked_price: boolean;
  product: { id: number; name: string; internal_code: string };
  order_product: { order_product_name: string; order_product_reference_code: string };
}

export interface OrderAnswer {
  id: number;
  name: string;
  order_products: LineAnswer[];
  ocurrences: {
    id: number;
    date: string;
    shipped: boolean;
    po_number: string;
    total: number;
    tax: number;
    services: ServiceAnswer[];
  }[];
  services: ServiceAnswer[];
  expirations: { id: number }[];
  [key: string]: unknown;
}

export async function getOrder(t: TestContext, id: number): Promise<OrderAnswer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}/`, headers: auth(t.adminToken) });
  return ok<OrderAnswer>(res, 200);
}

/** Marks an occurrence and its services shipped directly in the database (the shipping area's job). */
export async function markShipped(t: TestContext, occurrenceId: number, shippedDate = '2026-01-12'): Promise<void> {
  await t.db
    .updateTable('ocurrences')
    .set({ shipped: true, shipped_date: shippedDate })
    .where('id', '=', occurrenceId)
    .execute();
  await t.db.updateTable('services').set({ shipped: true }).where('ocurrence_id', '=', occurrenceId).execute();
}
