import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { demoCatalog, seedDemoProducts } from '../db/seed/products.ts';

/** A product's HCPCS code and default modifiers (issue 31), on the multipart form and in JSON. */
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const variants = [{ price_variant: 'General', sale_price: '1200', cost_price: '600', unit_measure: 'Each' }];

/** The product form as a browser's FormData sends it. */
async function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...auth(t.adminToken) },
  };
}

const baseFields = () => ({
  name: 'ResMed AirSense 11 AutoSet',
  internal_code: unique('E0601-'),
  type_id: '2',
  variants: JSON.stringify(variants),
});

async function postForm(fields: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/products/', ...(await form(fields)) });
}

const sendJson = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: auth(t.adminToken), payload });

describe('product HCPCS code and modifiers', () => {
  it('the multipart form saves the code and "RR,KH"; the product answers the CMS description', async () => {
    const res = await postForm({ ...baseFields(), hcpcs_code: ' e0601 ', modifiers: 'rr, kh' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      hcpcs_code: 'E0601',
      modifiers: ['RR', 'KH'],
      hcpcs_description: 'Continuous positive airway pressure (cpap) device',
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/products/${res.json().id}/`,
      headers: auth(t.adminToken),
    });
    expect(read.json()).toMatchObject({ hcpcs_code: 'E0601', modifiers: ['RR', 'KH'] });
    const stored = await t.db
      .selectFrom('products')
      .select(['hcpcs_code', 'modifiers'])
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ hcpcs_code: 'E0601', modifiers: ['RR', 'KH'] });
  });

  it('without them a product has no code, no modifiers and no description', async () => {
    const res = await postForm(baseFields());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ hcpcs_code: '', modifiers: [], hcpcs_description: null });
  });

  it('JSON takes modifiers as a list; an edit that does not send them keeps them', async () => {
    const created = await sendJson('POST', '/api/products/', {
      ...baseFields(),
      variants,
      hcpcs_code: 'E1390',
      modifiers: ['RR', 'QF'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/products/${created.json().id}/`;
    const renamed = await sendJson('PATCH', url, { name: 'Invacare Platinum 5L' });
    expect(renamed.json()).toMatchObject({
      name: 'Invacare Platinum 5L',
      hcpcs_code: 'E1390',
      modifiers: ['RR', 'QF'],
    });
    const changed = await sendJson('PATCH', url, { hcpcs_code: 'K0001', modifiers: 'NU' });
    expect(changed.json()).toMatchObject({
      hcpcs_code: 'K0001',
      modifiers: ['NU'],
      hcpcs_description: 'Standard wheelchair',
    });
    const cleared = await sendJson('PATCH', url, { hcpcs_code: '', modifiers: null });
    expect(cleared.json()).toMatchObject({ hcpcs_code: '', modifiers: [], hcpcs_description: null });
    const multipartEdit = await t.app.inject({
      method: 'PATCH',
      url,
      ...(await form({ hcpcs_code: 'E0570', modifiers: '' })),
    });
    expect(multipartEdit.json()).toMatchObject({ hcpcs_code: 'E0570', modifiers: [] });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity', '=', 'product')
      .where('entity_id', '=', String(created.json().id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ hcpcs_code: 'E0570', modifiers: [] });
  });

  it('422 for a code or modifier the CMS lists do not hold, and for malformed ones; nothing is saved', async () => {
    const fields = baseFields();
    const unknown = await postForm({ ...fields, hcpcs_code: 'E9999', modifiers: 'RR,Z9' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      hcpcs_code: [CLAIM_MESSAGES.hcpcsUnknown('E9999')],
      modifiers: [CLAIM_MESSAGES.modifierUnknown('Z9')],
    });
    const malformed = await postForm({ ...fields, hcpcs_code: 'E06', modifiers: 'RR,KH,KX,GA,GY' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({
      hcpcs_code: [CLAIM_MESSAGES.hcpcsFormat],
      modifiers: [CLAIM_MESSAGES.modifiersInvalid],
    });
    expect(
      await t.db.selectFrom('products').select('id').where('internal_code', '=', fields.internal_code).execute(),
    ).toEqual([]);

    const created = await postForm({ ...baseFields(), hcpcs_code: 'E0601' });
    const edit = await sendJson('PATCH', `/api/products/${created.json().id}/`, { hcpcs_code: 'A0000' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json()).toEqual({ hcpcs_code: [CLAIM_MESSAGES.hcpcsUnknown('A0000')] });
    expect((await sendJson('PATCH', `/api/products/${created.json().id}/`, { modifiers: [5] })).statusCode).toBe(422);
  });

  it('the demo catalog bills the codes its items are (RR rentals, NU purchases)', async () => {
    await seedDemoProducts(t.db);
    const products = await t.db
      .selectFrom('products')
      .select(['internal_code', 'hcpcs_code', 'modifiers', 'type_id'])
      .where(
        'internal_code',
        'in',
        demoCatalog().map((p) => p.internal_code),
      )
      .execute();
    const byCode = (code: string) => products.find((p) => p.internal_code === code)!;
    expect(byCode('E0601-RS')).toMatchObject({ hcpcs_code: 'E0601', modifiers: ['RR'] });
    expect(byCode('E1390-IN')).toMatchObject({ hcpcs_code: 'E1390', modifiers: ['RR'] });
    expect(byCode('K0001-DR')).toMatchObject({ hcpcs_code: 'K0001', modifiers: ['RR'] });
    expect(byCode('E0570-PR')).toMatchObject({ hcpcs_code: 'E0570', modifiers: ['NU'] });
    expect(byCode('E0143-DR')).toMatchObject({ hcpcs_code: 'E0143', modifiers: ['NU'] });
    expect(byCode('A7003-PR')).toMatchObject({ hcpcs_code: 'A7003', modifiers: [] });
    expect(byCode('A4253-AC')).toMatchObject({ hcpcs_code: 'A4253', modifiers: [] });
    // Codes newer than the shipped 2020 list stay empty until the office imports a current file.
    expect(byCode('A4239-DX').hcpcs_code).toBe('');
    const known = new Set((await t.db.selectFrom('hcpcs_codes').select('code').execute()).map((r) => r.code));
    expect(products.every((p) => p.hcpcs_code === '' || known.has(p.hcpcs_code))).toBe(true);
    expect(products.filter((p) => p.hcpcs_code !== '').length).toBeGreaterThan(products.length * 0.9);
  });
});
