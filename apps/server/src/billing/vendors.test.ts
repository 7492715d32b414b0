import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES as M, CLAIM_MESSAGES, vendorCreateSchema } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { DEMO_VENDORS, seedDemoBilling } from '../db/seed/billing.ts';
import { insertCheck } from '../test/billing.ts';
import { createPatient } from '../test/factories.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: auth(t.adminToken), ...(payload && { payload }) });
}

async function create(name = unique('Vendor '), phone = '515-555-0100'): Promise<{ id: number; name: string }> {
  const res = await call('POST', '/api/vendors/', { name, phone });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** A vendor's electronic claim fields and pricing when none were sent. */
const NO_CLAIM_FIELDS = {
  payer_id: '',
  claim_filing_indicator: '',
  address_1: '',
  city: '',
  state: '',
  zip: '',
  pricing: 'medicare',
  pricing_percent: null,
  prior_auth_hcpcs: [],
};

describe('vendors', () => {
  it('401 without a token on every vendors call', async () => {
    for (const [method, url] of [
      ['GET', '/api/vendors/'],
      ['POST', '/api/vendors/'],
      ['GET', '/api/vendors/1/'],
      ['PATCH', '/api/vendors/1/'],
      ['DELETE', '/api/vendors/1/'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { name: 'x', phone: 'y' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates (201), reads, lists by name, updates (200) and deletes (204), each audited', async () => {
    const name = unique('Zeta Health ');
    const created = await create(name, '800-555-0199');
    expect(created).toEqual({ id: expect.any(Number), name, phone: '800-555-0199', ...NO_CLAIM_FIELDS });
    expect((await call('GET', `/api/vendors/${created.id}/`)).json()).toEqual(created);
    // Without the trailing slash too.
    expect((await call('GET', `/api/vendors/${created.id}`)).statusCode).toBe(200);

    const other = await create(unique('Alpha Care '));
    const list = (await call('GET', '/api/vendors/')).json() as { id: number; name: string }[];
    const ids = list.map((v) => v.id);
    expect(ids.indexOf(other.id)).toBeLessThan(ids.indexOf(created.id));

    const patched = await call('PATCH', `/api/vendors/${created.id}/`, { phone: '800-555-0100' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...created, phone: '800-555-0100' });

    const deleted = await call('DELETE', `/api/vendors/${created.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call('GET', `/api/vendors/${created.id}/`)).statusCode).toBe(404);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'vendor')
      .where('entity_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a PATCH that changes nothing writes no audit row', async () => {
    const v = await create();
    const res = await call('PATCH', `/api/vendors/${v.id}/`, { name: v.name });
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'vendor')
      .where('entity_id', '=', String(v.id))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("stores and answers a payer's prior-authorization codes (a list or comma-separated text)", async () => {
    const name = unique('Medicare DME ');
    const res = await call('POST', '/api/vendors/', {
      name,
      phone: '877-320-0390',
      prior_auth_hcpcs: ['k0856', 'E0193', 'E0193'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().prior_auth_hcpcs).toEqual(['K0856', 'E0193']);
    const id = res.json().id as number;
    expect((await call('GET', `/api/vendors/${id}/`)).json().prior_auth_hcpcs).toEqual(['K0856', 'E0193']);

    const patched = await call('PATCH', `/api/vendors/${id}/`, { prior_auth_hcpcs: 'E0277, e0371 E0372' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual({ ...res.json(), prior_auth_hcpcs: ['E0277', 'E0371', 'E0372'] });
    const stored = await t.db
      .selectFrom('vendors')
      .select('prior_auth_hcpcs')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.prior_auth_hcpcs).toEqual(['E0277', 'E0371', 'E0372']);
    // Another field's edit keeps the list; the same list again changes nothing (no audit row).
    const renamed = await call('PATCH', `/api/vendors/${id}/`, { name: `${name} JD` });
    expect(renamed.json().prior_auth_hcpcs).toEqual(['E0277', 'E0371', 'E0372']);
    await call('PATCH', `/api/vendors/${id}/`, { prior_auth_hcpcs: ['E0277', 'E0371', 'E0372'] });
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'vendor')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(audits[1]!.after).toMatchObject({ prior_auth_hcpcs: ['E0277', 'E0371', 'E0372'] });

    const cleared = await call('PATCH', `/api/vendors/${id}/`, { prior_auth_hcpcs: [] });
    expect(cleared.json().prior_auth_hcpcs).toEqual([]);
    const bad = await call('PATCH', `/api/vendors/${id}/`, { prior_auth_hcpcs: ['E06'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json())[0]).toMatch(/^prior_auth_hcpcs/);
  });

  it('422 with the spec messages for a missing name or phone', async () => {
    const res = await call('POST', '/api/vendors/', { name: '  ', phone: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ name: [M.nameRequired], phone: [M.phoneRequired] });
    expect((await call('POST', '/api/vendors/', {})).json()).toEqual({
      name: [M.nameRequired],
      phone: [M.phoneRequired],
    });
    const v = await create();
    const edit = await call('PATCH', `/api/vendors/${v.id}/`, { name: '', phone: '' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json()).toEqual({ name: [M.nameRequired], phone: [M.phoneNumberRequired] });
    const long = await call('POST', '/api/vendors/', { name: 'x'.repeat(121), phone: '1' });
    expect(long.statusCode).toBe(422);
  });

  it('refuses a duplicate name in any case, on create and on update', async () => {
    const name = unique('Dup Payer ');
    await create(name);
    const again = await call('POST', '/api/vendors/', { name: name.toUpperCase(), phone: '1' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ name: [M.duplicateName] });
    const other = await create();
    const rename = await call('PATCH', `/api/vendors/${other.id}/`, { name: ` ${name.toLowerCase()} ` });
    expect(rename.statusCode).toBe(422);
    expect(rename.json()).toEqual({ name: [M.duplicateName] });
  });

  it('404 for an unknown vendor', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, '/api/vendors/999999/', method === 'PATCH' ? { name: 'x' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('a vendor named by a check cannot be deleted (200 with the spec message)', async () => {
    const v = await create();
    await insertCheck(t, v.id);
    const res = await call('DELETE', `/api/vendors/${v.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: M.vendorCannotDelete, error: M.vendorCannotDelete });
    expect((await call('GET', `/api/vendors/${v.id}/`)).statusCode).toBe(200);
  });

  it('creates, reads and edits the electronic claim fields; a field not sent keeps its value', async () => {
    const name = unique('Noridian ');
    const res = await call('POST', '/api/vendors/', {
      name,
      phone: '877-320-0390',
      payer_id: '19003',
      claim_filing_indicator: 'MB',
      address_1: 'PO Box 6727',
      city: 'Fargo',
      state: 'nd',
      zip: '58108-6727',
    });
    expect(res.statusCode).toBe(201);
    const fields = {
      payer_id: '19003',
      claim_filing_indicator: 'MB',
      address_1: 'PO Box 6727',
      city: 'Fargo',
      state: 'ND',
      zip: '581086727',
      pricing: 'medicare',
      pricing_percent: null,
      prior_auth_hcpcs: [],
    };
    expect(res.json()).toEqual({ id: expect.any(Number), name, phone: '877-320-0390', ...fields });
    const id = res.json().id as number;
    expect((await call('GET', `/api/vendors/${id}/`)).json()).toEqual(res.json());
    expect(((await call('GET', '/api/vendors/')).json() as { id: number }[]).find((v) => v.id === id)).toEqual(
      res.json(),
    );

    const renamed = await call('PATCH', `/api/vendors/${id}/`, { name: `${name} JD` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...res.json(), name: `${name} JD` });
    const cleared = await call('PATCH', `/api/vendors/${id}/`, { claim_filing_indicator: null, city: 'Bismarck' });
    expect(cleared.json()).toEqual({ ...renamed.json(), claim_filing_indicator: '', city: 'Bismarck' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'vendor')
      .where('entity_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ claim_filing_indicator: '', city: 'Bismarck' });
  });

  it('422 with a clear message for each malformed claim field; nothing is saved', async () => {
    const name = unique('Bad Payer ');
    const res = await call('POST', '/api/vendors/', {
      name,
      phone: '1',
      payer_id: '19-003',
      claim_filing_indicator: 'XX',
      state: 'Texas',
      zip: '1234',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      payer_id: [CLAIM_MESSAGES.payerIdInvalid],
      claim_filing_indicator: [CLAIM_MESSAGES.filingIndicatorInvalid],
      state: [CLAIM_MESSAGES.stateInvalid],
      zip: [CLAIM_MESSAGES.zipInvalid],
    });
    const list = (await call('GET', '/api/vendors/')).json() as { name: string }[];
    expect(list.some((v) => v.name === name)).toBe(false);
    const v = await create();
    const edit = await call('PATCH', `/api/vendors/${v.id}/`, { claim_filing_indicator: 'mb' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json()).toEqual({ claim_filing_indicator: [CLAIM_MESSAGES.filingIndicatorInvalid] });
  });

  it("a vendor a patient's insurance bills cannot be deleted (200 with the spec message)", async () => {
    const v = await create();
    const patient = await createPatient(t);
    const insurance = await call('POST', `/api/patients/${patient.id}/insurances/`, {
      vendor_id: v.id,
      policy_number: 'W123',
    });
    expect(insurance.statusCode).toBe(201);
    const res = await call('DELETE', `/api/vendors/${v.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: M.vendorCannotDelete, error: M.vendorCannotDelete });
    expect((await call('GET', `/api/vendors/${v.id}/`)).statusCode).toBe(200);
    // Once no insurance bills it, it goes.
    expect((await call('DELETE', `/api/patients/${patient.id}/insurances/${insurance.json().id}/`)).statusCode).toBe(
      204,
    );
    expect((await call('DELETE', `/api/vendors/${v.id}/`)).statusCode).toBe(204);
  });

  it('the demo seed adds the payers once', async () => {
    await seedDemoBilling(t.db);
    await seedDemoBilling(t.db);
    const list = (await call('GET', '/api/vendors/')).json() as { name: string }[];
    for (const v of DEMO_VENDORS) expect(list.filter((x) => x.name === v.name)).toHaveLength(1);
    // Every payer billed electronically has a well-formed payer id, filing indicator and address.
    for (const v of DEMO_VENDORS.filter((p) => p.name !== 'Cash')) {
      expect(vendorCreateSchema.safeParse(v).success, v.name).toBe(true);
      expect([v.payer_id, v.claim_filing_indicator, v.address_1, v.city, v.state, v.zip].every(Boolean), v.name).toBe(
        true,
      );
    }
    expect(new Set(DEMO_VENDORS.map((v) => v.claim_filing_indicator))).toEqual(
      new Set(['MB', 'MC', 'CI', 'BL', '16', 'CH', '']),
    );
  });

  it('the billing routes are described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/vendors/',
      '/api/vendors/{id}/',
      '/api/invoices/',
      '/api/invoices/{id}/',
      '/api/invoice_export/{id}/',
      '/api/services-write-off/',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
