import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, type BillingSettings } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { DEMO_BILLING_SETTINGS, seedDemoBilling } from '../db/seed/billing.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/settings/billing/';

const EMPTY: BillingSettings = {
  organization_name: '',
  npi: '',
  tax_id: '',
  taxonomy_code: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
  submitter_name: '',
  submitter_id: '',
  submitter_contact_name: '',
  submitter_contact_phone: '',
  receiver_name: '',
  receiver_id: '',
  production: false,
  facility_place_of_service: '32',
};

function call(method: 'GET' | 'PUT', payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url: URL, headers: auth(token), ...(payload && { payload }) });
}

const auditRows = () =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'before', 'after'])
    .where('entity', '=', 'billing_settings')
    .orderBy('id')
    .execute();

describe('billing settings', () => {
  it('401 signed out, 403 for office staff and billing, before the body is read', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: URL, payload: {} })).statusCode).toBe(401);
    for (const role of [2, 3]) {
      const user = await t.userWithRole(role);
      expect((await call('GET', undefined, user.token)).statusCode).toBe(403);
      const put = await call('PUT', { npi: '1' }, user.token);
      expect(put.statusCode).toBe(403);
      expect(put.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    expect(await auditRows()).toEqual([]);
  });

  it('reads the empty settings, saves every field (normalized), audits the change and reads it back', async () => {
    const empty = await call('GET');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(EMPTY);
    const body = {
      organization_name: 'Prairie Home Medical',
      npi: '1245 319 599',
      tax_id: '42-1234567',
      taxonomy_code: '332b00000x',
      address_1: '1420 Grand Ave',
      address_2: '',
      city: 'Des Moines',
      state: 'ia',
      zip: '50309-2930',
      phone: '515-555-0100',
      submitter_name: 'Prairie Home Medical',
      submitter_id: 'PHM01',
      submitter_contact_name: 'Jo Biller',
      submitter_contact_phone: '(515) 555-0101',
      receiver_name: 'Availity',
      receiver_id: '030240928',
      production: true,
      facility_place_of_service: '31',
    };
    const saved = await call('PUT', body);
    expect(saved.statusCode).toBe(200);
    const expected: BillingSettings = {
      ...body,
      npi: '1245319599',
      tax_id: '421234567',
      taxonomy_code: '332B00000X',
      state: 'IA',
      zip: '503092930',
      phone: '5155550100',
      submitter_contact_phone: '5155550101',
    };
    expect(saved.json()).toEqual(expected);
    expect((await call('GET')).json()).toEqual(expected);
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', before: EMPTY, after: expected });
    expect(rows[0].user_id).toBeGreaterThan(0);
    const row = await t.db.selectFrom('billing_settings').select(['updated_by']).executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(rows[0].user_id);

    // The same settings again change nothing and write no audit row.
    expect((await call('PUT', body)).json()).toEqual(expected);
    expect(await auditRows()).toHaveLength(1);
  });

  it('saves unfinished settings: a field not sent is saved empty', async () => {
    // A database whose row went missing answers the defaults and saves again.
    await t.db.deleteFrom('billing_settings').execute();
    expect((await call('GET')).json()).toEqual(EMPTY);
    const res = await call('PUT', { organization_name: 'Half Done Supply' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...EMPTY, organization_name: 'Half Done Supply' });
  });

  it("422 with each field's message for malformed settings, changing nothing", async () => {
    await call('PUT', { organization_name: 'Kept Supply', npi: '1245319599' });
    const res = await call('PUT', {
      organization_name: 'Changed',
      npi: '1245319598',
      tax_id: '12',
      taxonomy_code: '332B',
      state: 'Iowa',
      zip: '50309',
      phone: '555-0100',
      submitter_id: 'PHM*01',
      receiver_name: 'Avail~ity',
      production: 'yes',
      facility_place_of_service: '99',
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json() as Record<string, string[]>;
    expect(errors).toMatchObject({
      npi: [CLAIM_MESSAGES.npiInvalid],
      tax_id: [CLAIM_MESSAGES.taxIdInvalid],
      taxonomy_code: [CLAIM_MESSAGES.taxonomyInvalid],
      state: [CLAIM_MESSAGES.stateInvalid],
      zip: [CLAIM_MESSAGES.zipNineInvalid],
      phone: ['Phone must have 10 digits'],
      submitter_id: ['Use letters and digits only'],
      receiver_name: ['Names cannot hold the characters * ~ : ^ | >'],
    });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'npi',
        'tax_id',
        'taxonomy_code',
        'state',
        'zip',
        'phone',
        'submitter_id',
        'receiver_name',
        'production',
        'facility_place_of_service',
      ].sort(),
    );
    expect((await call('GET')).json()).toMatchObject({ organization_name: 'Kept Supply', npi: '1245319599' });
    const malformed = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...auth(t.adminToken), 'content-type': 'application/json' },
      payload: '{"npi":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('the demo office fills them in, and a second seed keeps what the office saved', async () => {
    await call('PUT', EMPTY);
    await seedDemoBilling(t.db);
    expect((await call('GET')).json()).toEqual(DEMO_BILLING_SETTINGS);
    await call('PUT', { ...DEMO_BILLING_SETTINGS, organization_name: 'Our Own Name' });
    await seedDemoBilling(t.db);
    expect((await call('GET')).json()).toMatchObject({ organization_name: 'Our Own Name' });
  });
});
