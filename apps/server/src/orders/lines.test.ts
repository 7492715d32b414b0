import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import {
  addLine,
  createOrder,
  createPatient,
  createProduct,
  getOrder,
  lineBody,
  markShipped,
  type ProductFixture,
} from '../test/factories.ts';

let t: TestContext;
let patientId: number;
let product: ProductFixture;

beforeAll(async () => {
  // A 7% sales tax, so tax amounts are visible.
  t = await setupTestApp({ SALES_TAX_RATE: '0.07' });
  patientId = (await createPatient(t)).id;
  product = await createProduct(t);
});
afterAll(async () => {
  await t.close();
});

const datesOf = (o: { services: { date: string }[] }) => o.services.map((s) => s.date);

describe('occurrence generation', () => {
  it.each([
    [1, '2026-01-31', '2026-04-30', ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']],
    [2, '2026-01-15', '2026-07-15', ['2026-01-15', '2026-03-15', '2026-05-15', '2026-07-15']],
    [3, '2026-01-01', '2026-02-01', ['2026-01-01', '2026-01-16', '2026-01-31']],
    [4, '2026-01-15', '2026-12-31', ['2026-01-15', '2026-04-15', '2026-07-15', '2026-10-15']],
    [5, '2026-01-01', '2026-12-01', ['2026-01-01']],
  ])('recurrence %i from %s to %s creates one service per date', async (recurrence, start, end, expected) => {
    const order = await createOrder(t, patientId);
    const line = await addLine(
      t,
      order.id,
      lineBody(product, { recurrence_id: recurrence, service_date: start, end_date: end }),
    );
    expect(line).toMatchObject({
      recurrence: { id: recurrence },
      service_date: start,
      end_date: end,
      unit_measure: 'Each',
    });
    const full = await getOrder(t, order.id);
    expect(datesOf(full)).toEqual(expected);
    expect(full.ocurrences.map((o) => o.date)).toEqual(expected);
    for (const o of full.ocurrences) {
      expect(o.services).toHaveLength(1);
      expect(o.services[0]).toMatchObject({
        order_product_id: line.id,
        amount_remmited: 2,
        sale_price: 10,
        total: 20,
        shipped: false,
      });
    }
  });

  it('two lines hitting the same date share one occurrence', async () => {
    const other = await createProduct(t, '3.50');
    const order = await createOrder(t, patientId);
    await addLine(
      t,
      order.id,
      lineBody(product, { recurrence_id: 1, service_date: '2026-01-01', end_date: '2026-03-01' }),
    );
    await addLine(
      t,
      order.id,
      lineBody(other, {
        variant: other.variantId,
        recurrence_id: 3,
        service_date: '2026-01-01',
        end_date: '2026-02-01',
        quantity: 4,
        sale_price: '3.50',
      }),
    );
    const full = await getOrder(t, order.id);
    expect(full.ocurrences.map((o) => [o.date, o.services.length])).toEqual([
      ['2026-01-01', 2],
      ['2026-01-16', 1],
      ['2026-01-31', 1],
      ['2026-02-01', 1],
      ['2026-03-01', 1],
    ]);
    const first = full.ocurrences[0];
    // 2 x 10.00 + 4 x 3.50 = 34.00; tax is 7% of each taxed line (none taxed here)
    expect(first.total).toBe(34);
    expect(first.tax).toBe(0);
    const rows = await t.db.selectFrom('ocurrences').select(['date']).where('order_id', '=', order.id).execute();
    expect(new Set(rows.map((r) => r.date)).size).toBe(rows.length);
  });

  it('two lines added at the same time still share one occurrence per date', async () => {
    const other = await createProduct(t);
    const order = await createOrder(t, patientId);
    await Promise.all([
      addLine(t, order.id, lineBody(product)),
      addLine(t, order.id, lineBody(other, { variant: other.variantId })),
    ]);
    const full = await getOrder(t, order.id);
    expect(full.ocurrences.map((o) => [o.date, o.services.length])).toEqual([
      ['2026-01-10', 2],
      ['2026-02-10', 2],
      ['2026-03-10', 2],
      ['2026-04-10', 2],
    ]);
  });

  it('computes the adjusted price and the tax on the server, ignoring client values', async () => {
    const order = await createOrder(t, patientId);
    const line = await addLine(
      t,
      order.id,
      lineBody(product, {
        sale_price: '19.99',
        added_percentage: true,
        percentage: 12.5,
        adjusted_sale_price: 1,
        tax_applied: true,
        quantity: 3,
        recurrence_id: 5,
      }),
    );
    // 19.99 x 1.125 = 22.48875 -> 22.489
    expect(line.adjusted_sale_price).toBe(22.489);
    const [service] = (await getOrder(t, order.id)).services;
    // 22.489 x 3 = 67.467 -> 67.47; tax 7% -> 4.7229 -> 4.72
    expect(service).toMatchObject({ adjusted_sale_price: 22.489, total: 67.47, tax_amount: 4.72 });
    const full = await getOrder(t, order.id);
    expect(full.ocurrences[0]).toMatchObject({ total: 67.47, tax: 4.72 });
  });

  it('uses the unit measure chosen, else the variant one', async () => {
    const order = await createOrder(t, patientId);
    const chosen = await addLine(t, order.id, lineBody(product, { unit_measure: 'Pack' }));
    expect(chosen.unit_measure).toBe('Pack');
    const fromVariant = await addLine(t, order.id, lineBody(product, { variant: product.otherVariantId }));
    expect(fromVariant.unit_measure).toBe('Box');
    expect(fromVariant.variant).toMatchObject({
      id: product.otherVariantId,
      price_variant: 'Medicare',
      unit_measure: 'Box',
    });
  });
});

describe('product line validation', () => {
  it('422 with the date rule on service_date or end_date', async () => {
    const order = await createOrder(t, patientId);
    const post = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/products/`,
        headers: auth(t.adminToken),
        payload: lineBody(product, body),
      });
    let res = await post({ service_date: '2026-02-01', end_date: '2026-02-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ service_date: ['The service date cannot be equal to or after the end date'] });
    res = await post({ service_date: '2026-02-01', end_date: '2026-02-20' });
    expect(res.json()).toEqual({ end_date: ['The end date must be at least 30 days after the service date'] });
    res = await post({ recurrence_id: 3, service_date: '2026-02-01', end_date: '2026-02-15' });
    expect(res.json()).toEqual({ end_date: ['The end date must be at least 15 days after the service date'] });
    expect((await getOrder(t, order.id)).order_products).toHaveLength(0);
  });

  it('422 with the spec messages for missing fields, percentage when added, and foreign ids', async () => {
    const order = await createOrder(t, patientId);
    const url = `/api/orders/${order.id}/products/`;
    let res = await t.app.inject({ method: 'POST', url, headers: auth(t.adminToken), payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      product_id: ['Product is required'],
      variant: ['Price variant is required'],
      recurrence_id: ['Recurrence is required'],
      quantity: ['Quantity is required'],
      sale_price: ['Sale Price is required'],
    });
    res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(t.adminToken),
      payload: lineBody(product, { added_percentage: true }),
    });
    expect(res.json()).toEqual({ percentage: ['Percentage is required'] });
    const other = await createProduct(t);
    res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(t.adminToken),
      payload: lineBody(product, { variant: other.variantId }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ variant: ['The price variant does not belong to the product'] });
    res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(t.adminToken),
      payload: lineBody(product, { product_id: 999999, recurrence_id: 99 }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      product_id: ['Product is required'],
      recurrence_id: ['Recurrence is required'],
    });
    res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/999999/products/',
      headers: auth(t.adminToken),
      payload: lineBody(product),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('editing and deleting lines', () => {
  it('editing regenerates unshipped services and never touches shipped ones', async () => {
    const order = await createOrder(t, patientId);
    const line = await addLine(t, order.id, lineBody(product, { service_date: '2026-01-10', end_date: '2026-05-10' }));
    let full = await getOrder(t, order.id);
    const shippedOcc = full.ocurrences[0];
    await markShipped(t, shippedOcc.id);
    const shippedBefore = await t.db
      .selectFrom('services')
      .selectAll()
      .where('ocurrence_id', '=', shippedOcc.id)
      .executeTakeFirstOrThrow();

    // Move the line to the 15th, two-monthly, new quantity and price.
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/products/${line.id}/`,
      headers: auth(t.adminToken),
      payload: {
        recurrence_id: 2,
        service_date: '2026-01-10',
        end_date: '2026-07-10',
        quantity: 5,
        sale_price: '12.00',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity: 5, sale_price: 12, recurrence: { id: 2, name: 'Every 2 Months' } });
    full = await getOrder(t, order.id);
    expect(full.services.map((s) => [s.date, s.amount_remmited, s.sale_price, s.shipped])).toEqual([
      ['2026-01-10', 2, 10, true],
      ['2026-03-10', 5, 12, false],
      ['2026-05-10', 5, 12, false],
      ['2026-07-10', 5, 12, false],
    ]);
    // the months that left the schedule took their occurrences with them
    expect(full.ocurrences.map((o) => o.date)).toEqual(['2026-01-10', '2026-03-10', '2026-05-10', '2026-07-10']);
    const shippedAfter = await t.db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', shippedBefore.id)
      .executeTakeFirstOrThrow();
    expect(shippedAfter).toEqual(shippedBefore);
  });

  it('a partial edit is checked against the saved line', async () => {
    const order = await createOrder(t, patientId);
    const line = await addLine(t, order.id, lineBody(product));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/products/${line.id}/`,
      headers: auth(t.adminToken),
      payload: { end_date: '2026-01-20' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ end_date: ['The end date must be at least 30 days after the service date'] });
    const wrongOrder = await createOrder(t, patientId);
    const res404 = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${wrongOrder.id}/products/${line.id}/`,
      headers: auth(t.adminToken),
      payload: { quantity: 1 },
    });
    expect(res404.statusCode).toBe(404);
  });

  it('deleting a line removes its unshipped services and empty occurrences, keeps shipped ones', async () => {
    const other = await createProduct(t, '7.00');
    const order = await createOrder(t, patientId);
    const line = await addLine(t, order.id, lineBody(product, { service_date: '2026-01-01', end_date: '2026-04-01' }));
    const keep = await addLine(
      t,
      order.id,
      lineBody(other, {
        variant: other.variantId,
        recurrence_id: 5,
        service_date: '2026-03-01',
        end_date: '2026-04-01',
      }),
    );
    let full = await getOrder(t, order.id);
    await markShipped(t, full.ocurrences.find((o) => o.date === '2026-01-01')!.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${order.id}/products/${line.id}/`,
      headers: auth(t.adminToken),
    });
    expect(res.statusCode).toBe(204);
    full = await getOrder(t, order.id);
    expect(full.order_products.map((l) => l.id)).toEqual([keep.id]);
    // the shipped service survives with its product snapshot; 2026-03-01 stays for the other line
    expect(full.services.map((s) => [s.date, s.order_product_id, s.shipped])).toEqual([
      ['2026-01-01', null, true],
      ['2026-03-01', keep.id, false],
    ]);
    expect(full.services[0].order_product).toEqual({
      order_product_name: product.name,
      order_product_reference_code: product.internal_code,
    });
    expect(full.ocurrences.map((o) => o.date)).toEqual(['2026-01-01', '2026-03-01']);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${order.id}/products/${line.id}/`,
      headers: auth(t.adminToken),
    });
    expect(again.statusCode).toBe(404);
  });

  it('a new line adds no service to an occurrence that has already shipped', async () => {
    const order = await createOrder(t, patientId);
    await addLine(
      t,
      order.id,
      lineBody(product, { recurrence_id: 5, service_date: '2026-01-10', end_date: '2026-02-10' }),
    );
    const full = await getOrder(t, order.id);
    await markShipped(t, full.ocurrences[0].id);
    const other = await createProduct(t);
    await addLine(
      t,
      order.id,
      lineBody(other, { variant: other.variantId, service_date: '2026-01-10', end_date: '2026-03-10' }),
    );
    const after = await getOrder(t, order.id);
    expect(after.ocurrences.map((o) => [o.date, o.services.length])).toEqual([
      ['2026-01-10', 1],
      ['2026-02-10', 1],
      ['2026-03-10', 1],
    ]);
  });
});

describe('locked price', () => {
  it('a later change of the variant price leaves existing services alone', async () => {
    const p = await createProduct(t, '10.00');
    const order = await createOrder(t, patientId);
    const line = await addLine(t, order.id, lineBody(p, { locked_price: true, sale_price: '10.00' }));
    const before = await getOrder(t, order.id);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}/`,
      headers: auth(t.adminToken),
      payload: {
        variants: [
          { id: p.variantId, price_variant: 'General', sale_price: '25.00', cost_price: '4.00', unit_measure: 'Each' },
          {
            id: p.otherVariantId,
            price_variant: 'Medicare',
            sale_price: '99.00',
            cost_price: '40.00',
            unit_measure: 'Box',
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const variant = await t.db
      .selectFrom('price_variants')
      .select('sale_price')
      .where('id', '=', p.variantId)
      .executeTakeFirstOrThrow();
    expect(variant.sale_price).toBe('25.00');

    const after = await getOrder(t, order.id);
    expect(after.services).toEqual(before.services);
    expect(after.services.every((s) => s.sale_price === 10 && s.locked_price)).toBe(true);

    // Editing the line's quantity keeps the locked services' own prices too.
    await t.db.updateTable('services').set({ sale_price: '11.00' }).where('order_product_id', '=', line.id).execute();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/products/${line.id}/`,
      headers: auth(t.adminToken),
      payload: { quantity: 3, sale_price: '30.00' },
    });
    const edited = await getOrder(t, order.id);
    expect(edited.services.map((s) => [s.amount_remmited, s.sale_price, s.total])).toEqual(
      edited.services.map(() => [3, 11, 33]),
    );
  });

  it('an unlocked line passes its new price to its unshipped services', async () => {
    const order = await createOrder(t, patientId);
    const line = await addLine(t, order.id, lineBody(product, { locked_price: false }));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/products/${line.id}/`,
      headers: auth(t.adminToken),
      payload: { sale_price: '30.00' },
    });
    const edited = await getOrder(t, order.id);
    expect(edited.services.every((s) => s.sale_price === 30 && s.total === 60)).toBe(true);
  });
});

describe('claim modifiers of a line', () => {
  const url = (orderId: number, lineId?: number) =>
    `/api/orders/${orderId}/products/${lineId === undefined ? '' : `${lineId}/`}`;
  const send = (method: 'POST' | 'PATCH', path: string, payload: object) =>
    t.app.inject({ method, url: path, headers: auth(t.adminToken), payload });

  it("null (or not sent) bills the product's; a list is the line's own, kept by an edit that does not send it", async () => {
    const order = await createOrder(t, patientId);
    const plain = await addLine(t, order.id, lineBody(product));
    expect(plain.modifiers).toBeNull();
    const own = await send('POST', url(order.id), lineBody(product, { modifiers: 'rr, kx' }));
    expect(own.statusCode).toBe(201);
    expect(own.json().modifiers).toEqual(['RR', 'KX']);
    const lineId = own.json().id as number;

    const quantity = await send('PATCH', url(order.id, lineId), { quantity: 3 });
    expect(quantity.json()).toMatchObject({ quantity: 3, modifiers: ['RR', 'KX'] });
    expect((await send('PATCH', url(order.id, lineId), { modifiers: ['KH'] })).json().modifiers).toEqual(['KH']);
    expect((await send('PATCH', url(order.id, lineId), { modifiers: [] })).json().modifiers).toEqual([]);
    expect((await send('PATCH', url(order.id, lineId), { modifiers: null })).json().modifiers).toBeNull();
    await send('PATCH', url(order.id, lineId), { modifiers: ['NU'] });

    const full = await getOrder(t, order.id);
    expect(full.order_products.map((l) => l.modifiers)).toEqual([null, ['NU']]);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/order_products/${order.id}`,
      headers: auth(t.adminToken),
    });
    expect((listed.json() as { modifiers: string[] | null }[]).map((l) => l.modifiers)).toEqual([null, ['NU']]);
    // A clone keeps each line's own modifiers.
    const clone = await t.app.inject({
      method: 'GET',
      url: `/api/clone-order/${order.id}/`,
      headers: auth(t.adminToken),
    });
    expect((await getOrder(t, clone.json().id)).order_products.map((l) => l.modifiers)).toEqual([null, ['NU']]);
  });

  it('422 for a modifier the CMS list does not hold, or a malformed one; nothing is saved', async () => {
    const order = await createOrder(t, patientId);
    const unknown = await send('POST', url(order.id), lineBody(product, { modifiers: ['RR', 'Z9'] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ modifiers: [CLAIM_MESSAGES.modifierUnknown('Z9')] });
    const malformed = await send('POST', url(order.id), lineBody(product, { modifiers: 'RRR' }));
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({ modifiers: [CLAIM_MESSAGES.modifiersInvalid] });
    expect((await getOrder(t, order.id)).order_products).toEqual([]);

    const line = await addLine(t, order.id, lineBody(product, { modifiers: ['RR'] }));
    const edit = await send('PATCH', url(order.id, line.id), { modifiers: ['Z9'], quantity: 5 });
    expect(edit.statusCode).toBe(422);
    expect(edit.json()).toEqual({ modifiers: [CLAIM_MESSAGES.modifierUnknown('Z9')] });
    expect((await getOrder(t, order.id)).order_products[0]).toMatchObject({ quantity: 2, modifiers: ['RR'] });
  });
});

describe('audit', () => {
  it('writes rows for the line, its services and its occurrences', async () => {
    const order = await createOrder(t, patientId);
    const line = await addLine(t, order.id, lineBody(product, { recurrence_id: 5 }));
    const full = await getOrder(t, order.id);
    const rows = await t.db.selectFrom('audit_log').select(['entity', 'entity_id', 'action', 'user_id']).execute();
    const has = (entity: string, id: number, action: string) =>
      rows.some((r) => r.entity === entity && r.entity_id === String(id) && r.action === action);
    expect(has('order', order.id, 'create')).toBe(true);
    expect(has('order_product', line.id, 'create')).toBe(true);
    expect(has('service', full.services[0].id, 'create')).toBe(true);
    expect(has('ocurrence', full.ocurrences[0].id, 'create')).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${order.id}/products/${line.id}/`,
      headers: auth(t.adminToken),
    });
    const after = await t.db
      .selectFrom('audit_log')
      .select(['entity', 'entity_id', 'action'])
      .where('action', '=', 'delete')
      .execute();
    expect(after.some((r) => r.entity === 'service' && r.entity_id === String(full.services[0].id))).toBe(true);
    expect(after.some((r) => r.entity === 'ocurrence' && r.entity_id === String(full.ocurrences[0].id))).toBe(true);
    expect(after.some((r) => r.entity === 'order_product' && r.entity_id === String(line.id))).toBe(true);
  });
});
