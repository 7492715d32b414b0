import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_AMOUNT_MAX,
  FIELD_MESSAGES,
  PRICE_MAX,
  QUANTITY_MAX,
  RANGE_MESSAGES,
  SERVICE_AMOUNT_MAX,
  sumDecimals,
} from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { invoiced } from '../test/billing.ts';
import { createVendor } from '../test/remittance.ts';
import { addLine, createOrder, createPatient, createProduct, lineBody } from '../test/factories.ts';

/**
 * Issue 28: every route that takes a money or quantity field refuses a value past its range with
 * 422 and the range's message, changing nothing, and takes the largest value of each range without
 * a 500, with a 100 % sales tax (the largest rate) so that every computed amount is at its largest.
 */

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ SALES_TAX_RATE: '1' });
});
afterAll(async () => {
  await t.close();
});

/** The largest adjusted price (999,999.99 + 1000 %), line total and what a taxed service then owes. */
const LARGEST = {
  adjusted: '10999999.890',
  total: '1099988989000.11',
  owed: '2199977978000.22',
};

function send(method: 'POST' | 'PATCH', url: string, payload: unknown) {
  return t.app.inject({ method, url, headers: auth(t.adminToken), payload: payload as Record<string, unknown> });
}

const TABLES = [
  'products',
  'price_variants',
  'product_unit_quantities',
  'order_products',
  'ocurrences',
  'services',
  'invoices',
  'checks',
  'remittance_payments',
  'remittance_payment_lines',
  'audit_log',
] as const;

/** Every row of the tables a money route writes, as text: equal before and after means nothing changed. */
async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ rows: string | null }>`
      SELECT string_agg(r::text, '|' ORDER BY r::text) AS rows FROM ${sql.table(table)} r`.execute(t.db);
    out[table] = rows[0]?.rows ?? '';
  }
  return out;
}

/** Sends a request that must be refused: 422 with exactly `errors`, and no row changed. */
async function expectRefused(request: () => ReturnType<typeof send>, errors: Record<string, string[]>) {
  const before = await fingerprint();
  const res = await request();
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual(errors);
  expect(await fingerprint()).toEqual(before);
}

async function serviceRow(id: number) {
  return t.db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const variant = (overrides: Record<string, unknown> = {}) => ({
  price_variant: 'General',
  sale_price: '10.00',
  cost_price: '4.00',
  unit_measure: 'Each',
  ...overrides,
});

const productBody = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Power chair '),
  internal_code: unique('PC'),
  type_id: 1,
  cost_price: '4.00',
  variants: [variant()],
  ...overrides,
});

describe('products: prices, price variants and stock', () => {
  it('POST /products/ refuses a price, cost or opening stock past its range, and takes the largest', async () => {
    await expectRefused(() => send('POST', '/api/products/', productBody({ cost_price: '1,000,000' })), {
      cost_price: [RANGE_MESSAGES.price],
    });
    await expectRefused(
      () => send('POST', '/api/products/', productBody({ variants: [variant({ sale_price: 1_000_000 })] })),
      { 'variants.0.sale_price': [RANGE_MESSAGES.price] },
    );
    await expectRefused(
      () => send('POST', '/api/products/', productBody({ variants: [variant({ cost_price: '999999.995' })] })),
      { 'variants.0.cost_price': [RANGE_MESSAGES.price] },
    );
    await expectRefused(() => send('POST', '/api/products/', productBody({ quantity: QUANTITY_MAX + 1 })), {
      quantity: [RANGE_MESSAGES.quantity],
    });

    const res = await send(
      'POST',
      '/api/products/',
      productBody({
        cost_price: PRICE_MAX,
        quantity: QUANTITY_MAX,
        variants: [variant({ sale_price: PRICE_MAX, cost_price: '999,999.99' })],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      cost_price: 999_999.99,
      quantity: QUANTITY_MAX,
      variants: [{ sale_price: 999_999.99, cost_price: 999_999.99 }],
    });
  });

  it('PATCH /products/{id}/ and the stock routes refuse past the range and take the largest', async () => {
    const product = await createProduct(t);
    const url = `/api/products/${product.id}/`;
    const variants = [variant({ id: product.variantId, sale_price: '1000000' })];
    await expectRefused(() => send('PATCH', url, { variants }), { 'variants.0.sale_price': [RANGE_MESSAGES.price] });
    await expectRefused(() => send('PATCH', url, { cost_price: 10_000_000 }), { cost_price: [RANGE_MESSAGES.price] });
    const patched = await send('PATCH', url, {
      cost_price: PRICE_MAX,
      variants: [variant({ id: product.variantId, sale_price: PRICE_MAX, cost_price: PRICE_MAX })],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ cost_price: 999_999.99, variants: [{ sale_price: 999_999.99 }] });

    const stock = '/api/products/update_qty_of_hand/';
    await expectRefused(() => send('POST', stock, { product_id: product.id, quantity: '100,000' }), {
      quantity: [RANGE_MESSAGES.quantity],
    });
    await expectRefused(
      () => send('POST', stock, { product_id: product.id, unit_measure: 'Box', quantity: 2_147_483_648, active: true }),
      { quantity: [RANGE_MESSAGES.quantity] },
    );
    expect((await send('POST', stock, { product_id: product.id, quantity: QUANTITY_MAX })).statusCode).toBe(200);
    const unit = await send('POST', stock, {
      product_id: product.id,
      unit_measure: 'Box',
      quantity: QUANTITY_MAX,
      active: true,
    });
    expect(unit.statusCode, unit.body).toBe(201);
  });
});

describe('order lines and services', () => {
  async function orderWithProduct() {
    const patient = await createPatient(t);
    const order = await createOrder(t, patient.id);
    const product = await createProduct(t, PRICE_MAX);
    return { order, product };
  }

  const largestLine = {
    recurrence_id: 5,
    quantity: QUANTITY_MAX,
    sale_price: PRICE_MAX,
    percentage: 1000,
    added_percentage: true,
    tax_applied: true,
    service_date: '2026-05-04',
    end_date: '2026-07-04',
  };

  it('POST /orders/{id}/products/ refuses a price or quantity past its range, and takes the largest', async () => {
    const { order, product } = await orderWithProduct();
    const url = `/api/orders/${order.id}/products/`;
    await expectRefused(() => send('POST', url, lineBody(product, { sale_price: '1,000,000.00' })), {
      sale_price: [RANGE_MESSAGES.price],
    });
    await expectRefused(() => send('POST', url, lineBody(product, { quantity: 100_000 })), {
      quantity: [RANGE_MESSAGES.quantity],
    });
    // The reported case: a price that passed validation overflowed adjusted_sale_price (500).
    await expectRefused(
      () =>
        send('POST', url, lineBody(product, { sale_price: '9999999999.99', percentage: 50, added_percentage: true })),
      { sale_price: [RANGE_MESSAGES.price] },
    );

    const res = await send('POST', url, lineBody(product, largestLine));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sale_price: 999_999.99, adjusted_sale_price: 10_999_999.89 });
    const [service] = await t.db
      .selectFrom('services')
      .selectAll()
      .where('order_product_id', '=', res.json().id)
      .execute();
    expect(service).toMatchObject({
      quantity: QUANTITY_MAX,
      adjusted_sale_price: LARGEST.adjusted,
      total: LARGEST.total,
      tax_amount: LARGEST.total,
    });
  });

  it('PATCH /orders/{id}/products/{line}/ refuses past the range, changing nothing, and takes the largest', async () => {
    const { order, product } = await orderWithProduct();
    const line = await addLine(t, order.id, lineBody(product));
    const url = `/api/orders/${order.id}/products/${line.id}/`;
    await expectRefused(() => send('PATCH', url, { sale_price: 1e7 }), { sale_price: [RANGE_MESSAGES.price] });
    await expectRefused(() => send('PATCH', url, { quantity: '100000' }), { quantity: [RANGE_MESSAGES.quantity] });
    const res = await send('PATCH', url, {
      quantity: QUANTITY_MAX,
      sale_price: PRICE_MAX,
      percentage: 1000,
      added_percentage: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ quantity: QUANTITY_MAX, adjusted_sale_price: 10_999_999.89 });
  });

  it('PATCH /services/{id}/ refuses past the range, changing nothing, and takes the largest', async () => {
    const { order, product } = await orderWithProduct();
    const line = await addLine(
      t,
      order.id,
      lineBody(product, { ...largestLine, quantity: 1, service_date: '2026-06-01', end_date: '2026-08-01' }),
    );
    const [{ id }] = await t.db.selectFrom('services').select('id').where('order_product_id', '=', line.id).execute();
    const url = `/api/services/${id}/`;
    await expectRefused(() => send('PATCH', url, { sale_price: '1000000' }), { sale_price: [RANGE_MESSAGES.price] });
    await expectRefused(() => send('PATCH', url, { amount_remmited: 100_000 }), {
      amount_remmited: [RANGE_MESSAGES.quantity],
    });
    const res = await send('PATCH', url, { amount_remmited: QUANTITY_MAX, sale_price: PRICE_MAX });
    expect(res.statusCode, res.body).toBe(200);
    expect(await serviceRow(id)).toMatchObject({ total: LARGEST.total, tax_amount: LARGEST.total });
  });

  it('POST /clone_service/ refuses past the range, cloning nothing, and takes the largest', async () => {
    const { order, product } = await orderWithProduct();
    const line = await addLine(t, order.id, lineBody(product, { recurrence_id: 5, tax_applied: true }));
    const body = (overrides: Record<string, unknown>) => ({
      order_product_id: line.id,
      product_id: product.id,
      date: '2026-09-01',
      amount_remmited: 1,
      sale_price: 1,
      locked_price: false,
      ...overrides,
    });
    await expectRefused(() => send('POST', '/api/clone_service/', body({ sale_price: 1_000_000 })), {
      sale_price: [RANGE_MESSAGES.price],
    });
    await expectRefused(() => send('POST', '/api/clone_service/', body({ amount_remmited: '100,000' })), {
      amount_remmited: [RANGE_MESSAGES.quantity],
    });
    const res = await send(
      'POST',
      '/api/clone_service/',
      body({ amount_remmited: QUANTITY_MAX, sale_price: PRICE_MAX, percentage: '1000', added_percentage: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await serviceRow(res.json().id)).toMatchObject({ total: LARGEST.total, tax_amount: LARGEST.total });
  });
});

describe('remittance and write-off', () => {
  /** An invoiced occurrence of one service at the largest price, percentage and quantity, taxed at 100 %. */
  async function largestInvoice() {
    const inv = await invoiced(t, {
      prices: [PRICE_MAX],
      quantity: QUANTITY_MAX,
      line: { percentage: 1000, added_percentage: true, tax_applied: true },
    });
    return { ...inv, serviceId: inv.serviceIds[0] };
  }

  const check = (vendorId: number, overrides: Record<string, unknown> = {}) => ({
    check_number: unique('CHK'),
    check_date: '2026-03-20',
    total_amount: CHECK_AMOUNT_MAX,
    payment_method: 'Bank',
    vendor_id: vendorId,
    ...overrides,
  });

  it('an invoice holds the largest service', async () => {
    const inv = await largestInvoice();
    expect(await serviceRow(inv.serviceId)).toMatchObject({ outstanding: LARGEST.owed });
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['amount', 'balance'])
      .where('id', '=', inv.invoiceId)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ amount: LARGEST.owed, balance: LARGEST.owed });
  });

  it('POST /remmitance_payments/ refuses a check total or amount past its range, and takes the largest', async () => {
    const inv = await largestInvoice();
    const vendorId = await createVendor(t);
    const posting = (checkOverrides: Record<string, unknown>, outstanding: unknown) => ({
      checks: [check(vendorId, checkOverrides)],
      ocurrence_id: inv.occurrenceId,
      services: [{ id: inv.serviceId, outstanding, amount_ajusted: 0, write_off: 0 }],
    });
    const left = sumDecimals([LARGEST.owed, `-${CHECK_AMOUNT_MAX}`]);
    await expectRefused(() => send('POST', '/api/remmitance_payments/', posting({ total_amount: 1e10 }, left)), {
      'checks.0.total_amount': [RANGE_MESSAGES.checkAmount],
    });
    await expectRefused(() => send('POST', '/api/remmitance_payments/', posting({}, '10,000,000,000,000')), {
      'services.0.outstanding': [RANGE_MESSAGES.serviceAmount],
    });

    // The largest check, applied whole to the largest service; then the rest adjusted in one posting.
    const paid = await send('POST', '/api/remmitance_payments/', posting({}, left));
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await serviceRow(inv.serviceId)).toMatchObject({ outstanding: left, remitted: CHECK_AMOUNT_MAX });
    const adjusted = await send('POST', '/api/remmitance_payments/', {
      checks: [check(vendorId, { total_amount: '0.00', payment_method: 'Insurance Adjustments' })],
      ocurrence_id: inv.occurrenceId,
      services: [{ id: inv.serviceId, outstanding: 0, amount_ajusted: left, write_off: 0 }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const payments = await t.db
      .selectFrom('remittance_payments')
      .select(['amount_applied', 'amount_adjusted'])
      .where('ocurrence_id', '=', inv.occurrenceId)
      .orderBy('id')
      .execute();
    expect(payments).toEqual([
      { amount_applied: CHECK_AMOUNT_MAX, amount_adjusted: '0.00' },
      { amount_applied: '0.00', amount_adjusted: left },
    ]);
  });

  it('POST /services-write-off/ refuses an amount past its range, and writes off the largest service', async () => {
    const inv = await largestInvoice();
    const entry = (write_off: unknown) => ({ id: inv.serviceId, outstanding: 0, amount_ajusted: 0, write_off });
    await expectRefused(() => send('POST', '/api/services-write-off/', { services: [entry(1e13)] }), {
      'services.0.write_off': [RANGE_MESSAGES.serviceAmount],
    });
    await expectRefused(
      () =>
        send('POST', '/api/services-write-off/', {
          services: [{ ...entry(0), amount_ajusted: sumDecimals([SERVICE_AMOUNT_MAX, '0.01']) }],
        }),
      { 'services.0.amount_ajusted': [RANGE_MESSAGES.serviceAmount] },
    );
    const res = await send('POST', '/api/services-write-off/', { services: [entry(LARGEST.owed)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await serviceRow(inv.serviceId)).toMatchObject({ outstanding: '0.00', write_off: LARGEST.owed });
  });

  it('PATCH /remmitance_services/{id}/ refuses past the range, changing nothing, and takes the largest', async () => {
    const inv = await invoiced(t, {
      prices: ['10.00'],
      line: { percentage: 1000, added_percentage: true, tax_applied: true },
    });
    const url = `/api/remmitance_services/${inv.serviceIds[0]}/`;
    await expectRefused(() => send('PATCH', url, { amount_remmited: 1, sale_price: '1,000,000' }), {
      sale_price: [RANGE_MESSAGES.price],
    });
    await expectRefused(() => send('PATCH', url, { amount_remmited: 100_000, sale_price: 1 }), {
      amount_remmited: [RANGE_MESSAGES.quantity],
    });
    const res = await send('PATCH', url, { amount_remmited: QUANTITY_MAX, sale_price: PRICE_MAX });
    expect(res.statusCode, res.body).toBe(200);
    expect(await serviceRow(inv.serviceIds[0])).toMatchObject({ total: LARGEST.total, outstanding: LARGEST.owed });
    const invoice = await t.db
      .selectFrom('invoices')
      .select('amount')
      .where('id', '=', inv.invoiceId)
      .executeTakeFirstOrThrow();
    expect(invoice.amount).toBe(LARGEST.owed);
  });
});

describe('a number the database cannot hold', () => {
  it('answers 422 with a clear message, never 500, and changes nothing', async () => {
    // A price stored before the ranges (the column holds it): a quantity within range would then
    // bring the line total past its column.
    const patient = await createPatient(t);
    const order = await createOrder(t, patient.id);
    const product = await createProduct(t);
    const line = await addLine(t, order.id, lineBody(product, { recurrence_id: 5 }));
    const { id } = await t.db
      .updateTable('services')
      .set({ sale_price: '9999999999.99' })
      .where('order_product_id', '=', line.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectRefused(() => send('PATCH', `/api/services/${id}/`, { amount_remmited: QUANTITY_MAX }), {
      non_field_errors: [FIELD_MESSAGES.numberOutOfRange],
    });
  });
});
