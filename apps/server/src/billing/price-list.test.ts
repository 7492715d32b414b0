import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_PRICING_MESSAGES as P, type Vendor, type VendorPrice } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { multipart, type Part } from '../test/multipart.ts';

/** How a payer prices (issue 33): Medicare, a percent of Medicare, or its own price list. */
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = t.adminToken) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload && { payload }) });

async function createVendor(fields: object = {}): Promise<Vendor> {
  const res = await call('POST', '/api/vendors/', { name: unique('Payer '), phone: '515-555-0100', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Vendor;
}

function upload(vendorId: number, text: string | null, token = t.adminToken) {
  const parts: Part[] =
    text === null
      ? [{ name: 'note', value: 'x' }]
      : [{ name: 'file', filename: 'prices.csv', contentType: 'text/csv', data: Buffer.from(text) }];
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/vendors/${vendorId}/price_list/`,
    payload: form.payload,
    headers: { ...form.headers, ...auth(token) },
  });
}

describe('vendor pricing', () => {
  it('defaults to medicare; percent_of_medicare needs a percent (0 < p <= 1000)', async () => {
    const plain = await createVendor();
    expect(plain).toMatchObject({ pricing: 'medicare', pricing_percent: null });

    const missing = await call('POST', '/api/vendors/', {
      name: unique('Payer '),
      phone: '515-555-0100',
      pricing: 'percent_of_medicare',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ pricing_percent: [P.percentRequired] });
    for (const bad of [0, -5, 1000.01, '80.123', 'lots']) {
      const res = await call('PATCH', `/api/vendors/${plain.id}/`, {
        pricing: 'percent_of_medicare',
        pricing_percent: bad,
      });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json()).toEqual({ pricing_percent: [P.percentInvalid] });
    }
    const unknown = await call('PATCH', `/api/vendors/${plain.id}/`, { pricing: 'cash' });
    expect(unknown.json()).toEqual({ pricing: [P.pricingInvalid] });

    const percent = await call('PATCH', `/api/vendors/${plain.id}/`, {
      pricing: 'percent_of_medicare',
      pricing_percent: '80.5',
    });
    expect(percent.statusCode).toBe(200);
    expect(percent.json()).toMatchObject({ pricing: 'percent_of_medicare', pricing_percent: 80.5 });
    // A PATCH without pricing keeps it; clearing the percent while it is needed is refused.
    expect((await call('PATCH', `/api/vendors/${plain.id}/`, { phone: '515-555-0101' })).json()).toMatchObject({
      pricing_percent: 80.5,
    });
    expect((await call('PATCH', `/api/vendors/${plain.id}/`, { pricing_percent: null })).statusCode).toBe(422);
    // Another pricing drops the percent.
    const back = await call('PATCH', `/api/vendors/${plain.id}/`, { pricing: 'price_list' });
    expect(back.json()).toMatchObject({ pricing: 'price_list', pricing_percent: null });
    expect(await createVendor({ pricing: 'percent_of_medicare', pricing_percent: 1000 })).toMatchObject({
      pricing_percent: 1000,
    });
  });
});

describe('a payer price list', () => {
  const LIST = [
    'hcpcs,modifiers,price,effective_date',
    'E0601,RR,45.50,2025-01-01',
    'E1390,RR:QB,"$1,099",01/15/2025',
    'A4253,,8,2025-03-01',
  ].join('\r\n');

  it('imports a CSV (201 with the count), replacing the rows, and lists them', async () => {
    const vendor = await createVendor({ pricing: 'price_list' });
    const res = await upload(vendor.id, LIST);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ count: 3 });
    const list = await call('GET', `/api/vendors/${vendor.id}/price_list/`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as VendorPrice[]).map(({ id: _id, ...row }) => row)).toEqual([
      { hcpcs: 'A4253', modifiers: [], price: 8, effective_date: '2025-03-01' },
      { hcpcs: 'E0601', modifiers: ['RR'], price: 45.5, effective_date: '2025-01-01' },
      { hcpcs: 'E1390', modifiers: ['RR', 'QB'], price: 1099, effective_date: '2025-01-15' },
    ]);

    const replaced = await upload(vendor.id, 'hcpcs,modifiers,price,effective_date\nE0601,RR,47,2025-07-01\n');
    expect(replaced.json()).toEqual({ count: 1 });
    expect((await call('GET', `/api/vendors/${vendor.id}/price_list/`)).json()).toEqual([
      { id: expect.any(Number), hcpcs: 'E0601', modifiers: ['RR'], price: 47, effective_date: '2025-07-01' },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity', '=', 'vendor_prices')
      .where('entity_id', '=', String(vendor.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.after)).toEqual([
      { count: 3, replaced: 0, file: 'prices.csv' },
      { count: 1, replaced: 3, file: 'prices.csv' },
    ]);
  });

  it('422 naming the line for a bad row, without a file; nothing changes; 404 for an unknown vendor', async () => {
    const vendor = await createVendor();
    expect((await upload(vendor.id, LIST)).statusCode).toBe(201);
    const bad = await upload(vendor.id, `${LIST}\r\nE0601,RR,45.5,2025-13-01`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ file: ['Line 5: "2025-13-01" is not a date (YYYY-MM-DD or MM/DD/YYYY)'] });
    const none = await upload(vendor.id, null);
    expect(none.json()).toEqual({ file: [P.priceListRequired] });
    expect((await call('GET', `/api/vendors/${vendor.id}/price_list/`)).json()).toHaveLength(3);
    expect((await upload(999999, LIST)).statusCode).toBe(404);
    expect((await call('GET', '/api/vendors/999999/price_list/')).statusCode).toBe(404);
  });

  it('signed-in users write as they do vendors; 401 signed out', async () => {
    const vendor = await createVendor();
    const billing = await t.userWithRole(3);
    expect((await upload(vendor.id, LIST, billing.token)).statusCode).toBe(201);
    const out = await t.app.inject({ method: 'GET', url: `/api/vendors/${vendor.id}/price_list/` });
    expect(out.statusCode).toBe(401);
  });
});
