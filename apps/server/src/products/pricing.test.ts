import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_SCHEDULE_MESSAGES, type Product } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';

/**
 * A product's payment category and Medicare fee (issue 33), read from the shipped January 2025
 * DMEPOS fee schedule: DMEPOS_JAN.csv line 747 is E0601 RR, category CR, IA (NR) 49.37.
 */
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
  await t.db.updateTable('billing_settings').set({ state: 'IA' }).execute();
});
afterAll(async () => {
  await t.close();
});

const variants = [{ price_variant: 'General', sale_price: '1200', cost_price: '600', unit_measure: 'Each' }];

async function create(fields: Record<string, unknown>): Promise<Product> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/',
    headers: auth(t.adminToken),
    payload: { name: 'Pricing test', internal_code: unique('PRC-'), type_id: 2, variants, ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Product;
}

const patch = (id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/products/${id}/`, headers: auth(t.adminToken), payload });

describe('payment category and Medicare fee of a product', () => {
  it('E0601 (CPAP) without modifiers: CR from the schedule, priced by its RR row in IA, non-rural', async () => {
    const cpap = await create({ hcpcs_code: 'E0601' });
    expect(cpap).toMatchObject({
      hcpcs_description: 'Continuous positive airway pressure (cpap) device',
      payment_category: 'CR',
      payment_category_source: 'fee_schedule',
      payment_category_words: 'Capped rental',
      medicare_fee: 49.37,
    });
    expect((await create({ hcpcs_code: 'E0601', modifiers: ['RR', 'KH'] })).medicare_fee).toBe(49.37);
  });

  it('the most specific row of the modifiers; the row without modifiers otherwise', async () => {
    // Lines 1281-1283: E1390 RR, RR QB and RR QF; line 22: A4253 NU (IN).
    const oxygen = await create({ hcpcs_code: 'E1390', modifiers: ['RR', 'QF'] });
    expect(oxygen).toMatchObject({ payment_category: 'OX', medicare_fee: 97.53 });
    const strips = await create({ hcpcs_code: 'A4253', modifiers: ['NU'] });
    expect(strips).toMatchObject({
      payment_category: 'IN',
      payment_category_words: 'Inexpensive or routinely purchased',
      medicare_fee: 8.32,
    });
    // A4253 has only an NU row: without NU no row fits, so no fee (the category is still known).
    expect(await create({ hcpcs_code: 'A4253' })).toMatchObject({ payment_category: 'IN', medicare_fee: null });
  });

  it('a category set by hand wins, and clears back to the schedule; none without a code', async () => {
    const cpap = await create({ hcpcs_code: 'E0601', payment_category: 'in' });
    expect(cpap).toMatchObject({ payment_category: 'IN', payment_category_source: 'product' });
    // IN is not rented by default: no modifiers pick no RR row.
    expect(cpap.medicare_fee).toBeNull();
    const cleared = await patch(cpap.id, { payment_category: '' });
    expect(cleared.json()).toMatchObject({
      payment_category: 'CR',
      payment_category_source: 'fee_schedule',
      medicare_fee: 49.37,
    });
    const kept = await patch(cpap.id, { name: 'Renamed' });
    expect(kept.json()).toMatchObject({ payment_category: 'CR' });
    const set = await patch(cpap.id, { payment_category: 'OX' });
    expect(set.json()).toMatchObject({
      payment_category: 'OX',
      payment_category_source: 'product',
      medicare_fee: 49.37,
    });
    const bad = await patch(cpap.id, { payment_category: 'Capped' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ payment_category: [FEE_SCHEDULE_MESSAGES.categoryInvalid] });

    expect(await create({})).toMatchObject({
      payment_category: null,
      payment_category_source: null,
      payment_category_words: '',
      medicare_fee: null,
      hcpcs_description: null,
    });
  });

  it('no fee without the office state', async () => {
    await t.db.updateTable('billing_settings').set({ state: '' }).execute();
    expect(await create({ hcpcs_code: 'E0601' })).toMatchObject({ payment_category: 'CR', medicare_fee: null });
    await t.db.updateTable('billing_settings').set({ state: 'IA' }).execute();
  });
});
