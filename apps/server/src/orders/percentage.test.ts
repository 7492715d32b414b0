import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { addLine, createOrder, createPatient, createProduct, getOrder, lineBody } from '../test/factories.ts';

let t: TestContext;
let patientId: number;

beforeAll(async () => {
  t = await setupTestApp();
  patientId = (await createPatient(t)).id;
});
afterAll(async () => {
  await t.close();
});

async function storedPercentages(lineId: number) {
  const line = await t.db
    .selectFrom('order_products')
    .select(['percentage', 'adjusted_sale_price'])
    .where('id', '=', lineId)
    .executeTakeFirstOrThrow();
  const services = await t.db
    .selectFrom('services')
    .select(['percentage', 'adjusted_sale_price'])
    .where('order_product_id', '=', lineId)
    .execute();
  return { line, services };
}

describe('percentage precision (3 decimals end to end)', () => {
  it('stores, answers and prices 12.345 % as sent: 1,250.75 -> 1405.155', async () => {
    const product = await createProduct(t, '1250.75');
    const order = await createOrder(t, patientId);
    const line = await addLine(
      t,
      order.id,
      lineBody(product, {
        sale_price: '1,250.75',
        added_percentage: true,
        percentage: '12.345',
        recurrence_id: 1,
        service_date: '2026-01-10',
        end_date: '2026-02-10',
        quantity: 1,
      }),
    );
    expect(line).toMatchObject({ percentage: 12.345, adjusted_sale_price: 1405.155 });

    const stored = await storedPercentages(line.id);
    expect(stored.line).toEqual({ percentage: '12.345', adjusted_sale_price: '1405.155' });
    // The services snapshot the line's percentage and adjusted price.
    expect(stored.services).toHaveLength(2);
    for (const s of stored.services) expect(s).toEqual({ percentage: '12.345', adjusted_sale_price: '1405.155' });

    const full = await getOrder(t, order.id);
    expect(full.services.map((s) => [s.adjusted_sale_price, s.total])).toEqual([
      [1405.155, 1405.16],
      [1405.155, 1405.16],
    ]);
  });

  it('a partial edit of the line keeps the 3 decimals; a new percentage is kept to 3 decimals too', async () => {
    const product = await createProduct(t, '1250.75');
    const order = await createOrder(t, patientId);
    const line = await addLine(
      t,
      order.id,
      lineBody(product, { sale_price: '1250.75', added_percentage: true, percentage: 12.345 }),
    );
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/products/${line.id}/`,
        headers: auth(t.adminToken),
        payload,
      });
    let res = await patch({ quantity: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity: 3, percentage: 12.345, adjusted_sale_price: 1405.155 });

    res = await patch({ percentage: '7.0625' });
    expect(res.statusCode).toBe(200);
    // 7.0625 rounds to 7.063; 1250.75 x 1.07063 = 1339.0904725 -> 1339.090
    expect(res.json()).toMatchObject({ percentage: 7.063, adjusted_sale_price: 1339.09 });
    expect((await storedPercentages(line.id)).line).toEqual({ percentage: '7.063', adjusted_sale_price: '1339.090' });
  });

  it('a cloned service keeps its 3-decimal percentage and prices from it; an edit keeps it', async () => {
    const product = await createProduct(t, '1250.75');
    const order = await createOrder(t, patientId);
    const line = await addLine(t, order.id, lineBody(product, { sale_price: '1250.75' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone_service/',
      headers: auth(t.adminToken),
      payload: {
        order_product_id: line.id,
        product_id: product.id,
        date: '2026-02-20',
        amount_remmited: 1,
        sale_price: '1250.75',
        percentage: '12.345',
        added_percentage: true,
        locked_price: false,
      },
    });
    expect(res.statusCode).toBe(201);
    const clone = res.json() as { id: number; percentage: number; adjusted_sale_price: number };
    expect(clone).toMatchObject({ percentage: 12.345, adjusted_sale_price: 1405.155 });

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/services/${clone.id}/`,
      headers: auth(t.adminToken),
      payload: { sale_price: '100.00' },
    });
    expect(edit.statusCode).toBe(200);
    // 100 x 1.12345 = 112.345
    expect(edit.json()).toMatchObject({ percentage: 12.345, adjusted_sale_price: 112.345 });
  });

  it('refuses a percentage above 1000 with 422 and changes nothing', async () => {
    const product = await createProduct(t);
    const order = await createOrder(t, patientId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/products/`,
      headers: auth(t.adminToken),
      payload: lineBody(product, { added_percentage: true, percentage: '1000.001' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ percentage: ['The percentage must be between 0 and 1000'] });
    expect((await getOrder(t, order.id)).order_products).toHaveLength(0);
  });
});
