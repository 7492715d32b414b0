import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { createPatient, patientBody } from '../test/factories.ts';

let t: TestContext;
let h: { authorization: string };
beforeAll(async () => {
  t = await setupTestApp();
  h = auth(t.adminToken);
});
afterAll(async () => {
  await t.close();
});

async function newPatient(overrides: Record<string, unknown> = {}): Promise<number> {
  return (await createPatient(t, patientBody(overrides))).id;
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: h });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: h, payload });

async function auditRows(entity: string, entityId: number | string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'before', 'after'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .where('action', '!=', 'read')
    .orderBy('id')
    .execute();
}

describe('authentication', () => {
  it('answers 401 without a token on every patients route', async () => {
    for (const [method, url] of [
      ['GET', '/api/patients/'],
      ['GET', '/api/patients_rentals/'],
      ['GET', '/api/patients_list/'],
      ['GET', '/api/tags/'],
      ['POST', '/api/patients/'],
      ['GET', '/api/patients/1/'],
      ['PATCH', '/api/patients/1/'],
      ['DELETE', '/api/patients/1/'],
      ['POST', '/api/patients/1/tags/'],
      ['DELETE', '/api/patients/1/tags/1/'],
      ['POST', '/api/patients/1/diagnostics/'],
      ['PATCH', '/api/patients/1/diagnostics/1/'],
      ['DELETE', '/api/patients/1/diagnostics/1/'],
      ['POST', '/api/patients/1/hcps/'],
      ['PATCH', '/api/patients/1/hcps/1/'],
      ['DELETE', '/api/patients/1/hcps/1/'],
      ['POST', '/api/patients/1/modifier/'],
      ['PATCH', '/api/patients/1/modifier/1/'],
      ['DELETE', '/api/patients/1/modifier/1/'],
      ['POST', '/api/patients/1/insurances/'],
      ['PATCH', '/api/patients/1/insurances/1/'],
      ['DELETE', '/api/patients/1/insurances/1/'],
      ['POST', '/api/attachments/'],
      ['GET', '/api/attachments/1/download/'],
      ['DELETE', '/api/attachments/1/'],
      ['GET', '/api/usa_states_patients/'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST /api/patients/', () => {
  it('creates an Active patient (201 data.id) and reads it back with every child list', async () => {
    const res = await send(
      'POST',
      '/api/patients/',
      patientBody({ rentals: true, facility: true, notes: 'Gate code 4411' }),
    );
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.id).toBeGreaterThan(0);
    expect(data).toMatchObject({
      first_name: 'Rose',
      last_name: 'Miller',
      status: 'Active',
      state: { id: 16, name: 'Iowa' },
      birthdate: '1948-03-12',
      rentals: true,
      facility: true,
      notes: 'Gate code 4411',
      contact_person: [],
      insurances: [],
      diagnosis: [],
      health: [],
      attachments: [],
      orders: [],
    });
    expect(data.tags.length).toBeGreaterThanOrEqual(10);
    expect(data.tags.every((tag: { checked: boolean }) => tag.checked === false)).toBe(true);

    const read = await get(`/api/patients/${data.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(data);

    const rows = await auditRows('patient', data.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', after: { first_name: 'Rose', notes: 'Gate code 4411' } });
  });

  it('answers 422 with the spec messages', async () => {
    const empty = await send('POST', '/api/patients/', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      state_id: ['State is required'],
    });

    const bad = await send(
      'POST',
      '/api/patients/',
      patientBody({ physician_npi: '12345', email: 'rose@', birthdate: '1950-13-01', gender: 'X' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      physician_npi: ['NPI must have 10 characters'],
      email: ['Must be a valid mail'],
      birthdate: ['Invalid date'],
      gender: ['Gender must be Female or Male'],
    });

    const state = await send('POST', '/api/patients/', patientBody({ state_id: 999 }));
    expect(state.statusCode).toBe(422);
    expect(state.json()).toEqual({ state_id: ['Select a valid state'] });
    // The spec's label is "State *": a patient cannot be created or left without one.
    const noState = await send('POST', '/api/patients/', patientBody({ state_id: null }));
    expect(noState.json()).toEqual({ state_id: ['State is required'] });
  });

  it('needs a contact name per row only with both contact switches on, and drops rows otherwise', async () => {
    const rows = [{ contact_name: '', contact_number: '515-555-0101', contact_relation: 'Son' }];
    const refused = await send(
      'POST',
      '/api/patients/',
      patientBody({ call_before_delivery: true, contact_different_patient: true, contact_person: rows }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ 'contact_person.0.contact_name': ['Is required'] });

    const dropped = await send(
      'POST',
      '/api/patients/',
      patientBody({ call_before_delivery: true, contact_person: rows }),
    );
    expect(dropped.statusCode).toBe(201);
    expect(dropped.json().data.contact_person).toEqual([]);

    const kept = [
      { contact_name: 'Tom Miller', contact_number: '515-555-0101', contact_relation: 'Son' },
      { contact_name: 'Ann Miller', contact_number: '', contact_relation: 'Daughter' },
    ];
    const ok = await send(
      'POST',
      '/api/patients/',
      patientBody({ call_before_delivery: true, contact_different_patient: true, contact_person: kept }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.contact_person).toEqual(kept);
  });

  it('answers 400 (never 500) for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/',
      headers: { ...h, 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET/PATCH /api/patients/{id}/', () => {
  it('404 for an unknown patient and for a malformed id', async () => {
    expect((await get('/api/patients/999999/')).statusCode).toBe(404);
    expect((await get('/api/patients/abc/')).statusCode).toBe(404);
    expect((await send('PATCH', '/api/patients/999999/', { notes: 'x' })).statusCode).toBe(404);
  });

  it('updates only the fields sent and audits before and after', async () => {
    const id = await newPatient({ city: 'Ames' });
    const res = await send('PATCH', `/api/patients/${id}/`, { notes: 'Prefers morning deliveries' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      notes: 'Prefers morning deliveries',
      city: 'Ames',
      first_name: 'Rose',
      state: { id: 16 },
    });

    const full = await send('PATCH', `/api/patients/${id}/`, {
      ...patientBody({ first_name: 'Rosa', status: 'Deceased', state_id: 17, birthdate: null }),
    });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({
      first_name: 'Rosa',
      status: 'Deceased',
      state: { id: 17 },
      birthdate: null,
      notes: 'Prefers morning deliveries',
    });

    // A patch that changes nothing leaves no audit row.
    expect((await send('PATCH', `/api/patients/${id}/`, { first_name: 'Rosa' })).statusCode).toBe(200);
    const rows = await auditRows('patient', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(rows[1]).toMatchObject({ before: { notes: '' }, after: { notes: 'Prefers morning deliveries' } });
  });

  it('validates a patch and applies the contact rule to the merged record', async () => {
    const id = await newPatient({
      call_before_delivery: true,
      contact_different_patient: true,
      contact_person: [{ contact_name: 'Tom', contact_number: '515-555-0101', contact_relation: 'Son' }],
    });
    const bad = await send('PATCH', `/api/patients/${id}/`, { first_name: '', physician_npi: '123' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      first_name: ['First name is required'],
      physician_npi: ['NPI must have 10 characters'],
    });

    const noName = await send('PATCH', `/api/patients/${id}/`, {
      contact_person: [{ contact_name: ' ', contact_number: '', contact_relation: '' }],
    });
    expect(noName.statusCode).toBe(422);
    expect(noName.json()).toEqual({ 'contact_person.0.contact_name': ['Is required'] });

    // Turning a switch off keeps the saved contacts (contacts.test.ts covers the rule).
    const off = await send('PATCH', `/api/patients/${id}/`, { contact_different_patient: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().contact_person).toEqual([
      { contact_name: 'Tom', contact_number: '515-555-0101', contact_relation: 'Son' },
    ]);
  });
});

describe('DELETE /api/patients/{id}/', () => {
  it('deletes the patient with its children (204) and audits it', async () => {
    const id = await newPatient();
    expect(
      (
        await send('POST', `/api/patients/${id}/diagnostics/`, {
          text: 'E11.9 Type 2 diabetes mellitus without complications',
        })
      ).statusCode,
    ).toBe(201);
    const res = await send('DELETE', `/api/patients/${id}/`);
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/patients/${id}/`)).statusCode).toBe(404);
    const left = await t.db.selectFrom('patient_diagnoses').select('id').where('patient_id', '=', id).execute();
    expect(left).toEqual([]);
    expect((await auditRows('patient', id)).map((r) => r.action)).toEqual(['create', 'delete']);
    expect((await send('DELETE', `/api/patients/${id}/`)).statusCode).toBe(404);
  });

  it('refuses while the patient has orders', async () => {
    const id = await newPatient();
    const { rows } = await sql<{ reg: string | null }>`SELECT to_regclass('public.orders')::text AS reg`.execute(t.db);
    let orderId: number;
    if (!rows[0].reg) {
      // The orders area is not there yet: a minimal stand-in is enough for the check.
      await sql`CREATE TABLE IF NOT EXISTS orders (id serial primary key, patient_id int)`.execute(t.db);
      orderId = (await sql<{ id: number }>`INSERT INTO orders (patient_id) VALUES (${id}) RETURNING id`.execute(t.db))
        .rows[0].id;
    } else {
      orderId = await insertRealOrder(id);
    }
    const res = await send('DELETE', `/api/patients/${id}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Patient cannot be deleted until you delete all the orders',
      detail: 'Patient cannot be deleted until you delete all the orders',
    });
    expect((await get(`/api/patients/${id}/`)).statusCode).toBe(200);

    await sql`DELETE FROM orders WHERE id = ${orderId}`.execute(t.db);
    expect((await send('DELETE', `/api/patients/${id}/`)).statusCode).toBe(204);
  });
});

/**
 * Inserts an order into the orders area's real table: every required column without a default
 * gets the first row of the table it references.
 */
async function insertRealOrder(patientId: number): Promise<number> {
  const { rows: required } = await sql<{ column_name: string; ref_table: string | null }>`
    SELECT c.column_name, ccu.table_name AS ref_table
    FROM information_schema.columns c
    LEFT JOIN information_schema.key_column_usage k
      ON k.table_schema = c.table_schema AND k.table_name = c.table_name AND k.column_name = c.column_name
    LEFT JOIN information_schema.referential_constraints rc ON rc.constraint_name = k.constraint_name AND rc.constraint_schema = k.constraint_schema
    LEFT JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
    WHERE c.table_schema = 'public' AND c.table_name = 'orders' AND c.is_nullable = 'NO'
      AND c.column_default IS NULL AND c.is_identity = 'NO' AND c.column_name <> 'patient_id'
  `.execute(t.db);
  const columns = [sql.ref('patient_id'), ...required.map((r) => sql.ref(r.column_name))];
  const values = [
    sql`${patientId}`,
    ...required.map((r) => (r.ref_table ? sql`(SELECT min(id) FROM ${sql.table(r.ref_table)})` : sql`''`)),
  ];
  const res = await sql<{
    id: number;
  }>`INSERT INTO orders (${sql.join(columns)}) VALUES (${sql.join(values)}) RETURNING id`.execute(t.db);
  return res.rows[0].id;
}

describe('tags', () => {
  it('lists the tags and checks/unchecks them per patient', async () => {
    const tags = (await get('/api/tags/')).json() as { id: number; name: string }[];
    expect(tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(['Diabetic', 'CPAP', 'Oxygen', 'Hospice', 'Spanish Speaking']),
    );
    const cpap = tags.find((tag) => tag.name === 'CPAP')!;
    const id = await newPatient();

    for (let i = 0; i < 2; i++) {
      const res = await send('POST', `/api/patients/${id}/tags/`, { tag_id: cpap.id });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: cpap.id, name: 'CPAP', checked: true });
    }
    const detail = (await get(`/api/patients/${id}/`)).json();
    expect(
      detail.tags.filter((tag: { checked: boolean }) => tag.checked).map((tag: { name: string }) => tag.name),
    ).toEqual(['CPAP']);
    expect(await auditRows('patient_tag', `${id}:${cpap.id}`)).toHaveLength(1);

    expect((await send('POST', `/api/patients/${id}/tags/`, { tag_id: 99999 })).json()).toEqual({
      tag_id: ['Select a valid tag'],
    });
    expect((await send('POST', `/api/patients/999999/tags/`, { tag_id: cpap.id })).statusCode).toBe(404);

    expect((await send('DELETE', `/api/patients/${id}/tags/${cpap.id}/`)).statusCode).toBe(204);
    expect((await get(`/api/patients/${id}/`)).json().tags.some((tag: { checked: boolean }) => tag.checked)).toBe(
      false,
    );
    expect((await send('DELETE', `/api/patients/${id}/tags/99999/`)).statusCode).toBe(404);
  });
});

describe('diagnoses, HCPCS entries and modifiers', () => {
  it("creates (201), updates (200) and deletes (204) a diagnosis; another patient's is 404", async () => {
    const id = await newPatient();
    const other = await newPatient();
    const created = await send('POST', `/api/patients/${id}/diagnostics/`, { text: 'G47.33 Obstructive sleep apnea' });
    expect(created.statusCode).toBe(201);
    const did = created.json().id;
    expect(created.json()).toEqual({ id: did, text: 'G47.33 Obstructive sleep apnea', code: '' });

    expect((await send('POST', `/api/patients/${id}/diagnostics/`, { text: '' })).json()).toEqual({
      text: ['Text is required'],
    });
    expect((await send('POST', `/api/patients/999999/diagnostics/`, { text: 'x' })).statusCode).toBe(404);

    const updated = await send('PATCH', `/api/patients/${id}/diagnostics/${did}/`, {
      text: 'G47.30 Sleep apnea, unspecified',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().text).toBe('G47.30 Sleep apnea, unspecified');
    expect((await send('PATCH', `/api/patients/${other}/diagnostics/${did}/`, { text: 'x' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/patients/${other}/diagnostics/${did}/`)).statusCode).toBe(404);

    expect((await get(`/api/patients/${id}/`)).json().diagnosis).toEqual([
      { id: did, text: 'G47.30 Sleep apnea, unspecified', code: '' },
    ]);
    expect((await send('DELETE', `/api/patients/${id}/diagnostics/${did}/`)).statusCode).toBe(204);
    expect((await auditRows('patient_diagnosis', did)).map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it("keeps modifiers under their HCPCS entry and refuses another patient's entry", async () => {
    const id = await newPatient();
    const other = await newPatient();
    const hcps = await send('POST', `/api/patients/${id}/hcps/`, { text: 'E0601 CPAP device' });
    expect(hcps.statusCode).toBe(201);
    expect(hcps.json()).toMatchObject({ text: 'E0601 CPAP device', modifier: [] });
    expect((await send('POST', `/api/patients/${id}/hcps/`, {})).json()).toEqual({ text: ['Text is required'] });
    expect((await send('POST', '/api/patients/999999/hcps/', { text: 'E0601' })).statusCode).toBe(404);
    expect((await send('POST', '/api/patients/999999/modifier/', { text: 'RR', hcps_id: 1 })).statusCode).toBe(404);
    const hid = hcps.json().id;
    const otherHcps = (
      await send('POST', `/api/patients/${other}/hcps/`, { text: 'A4253 Blood glucose test strips' })
    ).json().id;

    const mod = await send('POST', `/api/patients/${id}/modifier/`, { text: 'RR', hcps_id: hid });
    expect(mod.statusCode).toBe(201);
    const mid = mod.json().id;
    expect(mod.json()).toEqual({ id: mid, text: 'RR', hcps_id: hid });

    const cross = await send('POST', `/api/patients/${id}/modifier/`, { text: 'NU', hcps_id: otherHcps });
    expect(cross.statusCode).toBe(422);
    expect(Object.keys(cross.json())).toEqual(['hcps_id']);
    expect(
      (await send('PATCH', `/api/patients/${id}/modifier/${mid}/`, { text: 'NU', hcps_id: otherHcps })).statusCode,
    ).toBe(422);
    expect((await send('POST', `/api/patients/${id}/modifier/`, { text: '', hcps_id: hid })).json()).toEqual({
      text: ['Text is required'],
    });

    const patched = await send('PATCH', `/api/patients/${id}/modifier/${mid}/`, { text: 'KX' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ id: mid, text: 'KX', hcps_id: hid });
    expect((await send('PATCH', `/api/patients/${other}/modifier/${mid}/`, { text: 'x' })).statusCode).toBe(404);

    const renamed = await send('PATCH', `/api/patients/${id}/hcps/${hid}/`, {
      text: 'E0601 Continuous positive airway pressure device',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().modifier).toEqual([{ id: mid, text: 'KX', hcps_id: hid }]);
    expect((await get(`/api/patients/${id}/`)).json().health).toEqual([renamed.json()]);

    expect((await send('DELETE', `/api/patients/${other}/hcps/${hid}/`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/patients/${id}/modifier/${mid}/`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/patients/${id}/modifier/${mid}/`)).statusCode).toBe(404);
    await send('POST', `/api/patients/${id}/modifier/`, { text: 'NU', hcps_id: hid });
    expect((await send('DELETE', `/api/patients/${id}/hcps/${hid}/`)).statusCode).toBe(204);
    expect(await t.db.selectFrom('patient_hcps_modifiers').select('id').where('hcps_id', '=', hid).execute()).toEqual(
      [],
    );
    expect((await auditRows('patient_hcps_modifier', mid)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });
});

/** An insurance's coverage when only the spec's name and policy number were sent. */
const NO_COVERAGE = {
  vendor_id: null,
  priority: null,
  group_number: '',
  relationship: '18',
  subscriber_first_name: '',
  subscriber_last_name: '',
  subscriber_birthdate: null,
  subscriber_gender: '',
  payer: null,
};

describe('insurances', () => {
  it("cleans the policy number, updates and deletes; another patient's is 404", async () => {
    const id = await newPatient();
    const other = await newPatient();
    const created = await send('POST', `/api/patients/${id}/insurances/`, {
      name: 'Medicare Part B',
      policy_number: '1EG4-TE5.MK 73',
    });
    expect(created.statusCode).toBe(201);
    const iid = created.json().id;
    expect(created.json()).toEqual({
      id: iid,
      name: 'Medicare Part B',
      policy_number: '1EG4TE5MK73',
      ...NO_COVERAGE,
    });

    expect((await send('POST', `/api/patients/${id}/insurances/`, { name: '', policy_number: '' })).json()).toEqual({
      name: ['Name is required'],
      policy_number: ['Policy number is required'],
    });
    const updated = await send('PATCH', `/api/patients/${id}/insurances/${iid}/`, {
      name: 'Iowa Medicaid',
      policy_number: 'IA 555.01',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id: iid, name: 'Iowa Medicaid', policy_number: 'IA55501', ...NO_COVERAGE });
    expect(
      (await send('PATCH', `/api/patients/${other}/insurances/${iid}/`, { name: 'x', policy_number: '1' })).statusCode,
    ).toBe(404);
    expect((await get(`/api/patients/${id}/`)).json().insurances).toEqual([updated.json()]);
    expect((await send('DELETE', `/api/patients/${id}/insurances/${iid}/`)).statusCode).toBe(204);
    const rows = await auditRows('patient_insurance', iid);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0].user_id).toBeGreaterThan(0);
  });
});
