import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, PATIENT_MESSAGES } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { createPatient, patientBody } from '../test/factories.ts';

/**
 * Electronic claims (issue 31) on the patient: the coverage of an insurance (payer, priority,
 * group, the insured), ICD-10 codes on diagnoses and the physician's NPI check digit.
 */
let t: TestContext;
let h: { authorization: string };
beforeAll(async () => {
  t = await setupTestApp();
  h = auth(t.adminToken);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: h });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: h, payload });

async function newPatient(): Promise<number> {
  return (await createPatient(t)).id;
}

async function newVendor(name = unique('Payer ')): Promise<{ id: number; name: string }> {
  const res = await send('POST', '/api/vendors/', { name, phone: '800-555-0100', payer_id: '60054' });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const insurances = (patientId: number) =>
  t.db.selectFrom('patient_insurances').selectAll().where('patient_id', '=', patientId).execute();

describe('insurance coverage', () => {
  it('creates an insurance with its coverage and payer, and every answer carries them', async () => {
    const id = await newPatient();
    const vendor = await newVendor();
    const res = await send('POST', `/api/patients/${id}/insurances/`, {
      name: 'Aetna Choice POS II',
      policy_number: 'W 123-456',
      vendor_id: vendor.id,
      priority: 1,
      group_number: '0123456',
      relationship: '01',
      subscriber_first_name: 'John',
      subscriber_last_name: 'Miller',
      subscriber_birthdate: '1946-05-02',
      subscriber_gender: 'Male',
    });
    expect(res.statusCode).toBe(201);
    const insurance = {
      id: res.json().id,
      name: 'Aetna Choice POS II',
      policy_number: 'W123456',
      vendor_id: vendor.id,
      priority: 1,
      group_number: '0123456',
      relationship: '01',
      subscriber_first_name: 'John',
      subscriber_last_name: 'Miller',
      subscriber_birthdate: '1946-05-02',
      subscriber_gender: 'Male',
      payer: { id: vendor.id, name: vendor.name },
    };
    expect(res.json()).toEqual(insurance);
    expect((await get(`/api/patients/${id}/`)).json().insurances).toEqual([insurance]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity', '=', 'patient_insurance')
      .where('entity_id', '=', String(insurance.id))
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ vendor_id: vendor.id, priority: 1, relationship: '01' });
  });

  it("takes the payer's name when the name is left empty; without a payer the name is required", async () => {
    const id = await newPatient();
    const vendor = await newVendor();
    const res = await send('POST', `/api/patients/${id}/insurances/`, { vendor_id: vendor.id, policy_number: 'A1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: vendor.name, relationship: '18', priority: null });
    const blank = await send('POST', `/api/patients/${id}/insurances/`, { name: ' ', policy_number: 'B2' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ name: [PATIENT_MESSAGES.insuranceNameRequired] });
    const edited = await send('PATCH', `/api/patients/${id}/insurances/${res.json().id}/`, {
      name: '',
      vendor_id: vendor.id,
      policy_number: 'A1',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().name).toBe(vendor.name);
    expect(
      (
        await send('PATCH', `/api/patients/${id}/insurances/${res.json().id}/`, { name: '', policy_number: 'A1' })
      ).json(),
    ).toEqual({ name: [PATIENT_MESSAGES.insuranceNameRequired] });
  });

  it('422 for an unknown payer and each malformed coverage field; nothing is saved', async () => {
    const id = await newPatient();
    const unknown = await send('POST', `/api/patients/${id}/insurances/`, {
      name: 'Medicare',
      policy_number: '1EG4TE5MK73',
      vendor_id: 999999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ vendor_id: [CLAIM_MESSAGES.payerUnknown] });
    const bad = await send('POST', `/api/patients/${id}/insurances/`, {
      name: 'Medicare',
      policy_number: '1EG4TE5MK73',
      vendor_id: 'abc',
      priority: 4,
      relationship: '99',
      subscriber_gender: 'M',
      subscriber_birthdate: '1946-13-01',
      group_number: 'G*1',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      vendor_id: [CLAIM_MESSAGES.payerUnknown],
      priority: [CLAIM_MESSAGES.priorityInvalid],
      relationship: [CLAIM_MESSAGES.relationshipInvalid],
      subscriber_gender: [CLAIM_MESSAGES.subscriberGenderInvalid],
      subscriber_birthdate: ['Invalid date'],
      group_number: ['Use letters and digits only'],
    });
    expect(await insurances(id)).toEqual([]);
  });

  it('refuses a second insurance of the same priority, on create and on edit', async () => {
    const id = await newPatient();
    const first = await send('POST', `/api/patients/${id}/insurances/`, {
      name: 'Medicare',
      policy_number: '1EG4TE5MK73',
      priority: 1,
    });
    expect(first.statusCode).toBe(201);
    const again = await send('POST', `/api/patients/${id}/insurances/`, {
      name: 'Iowa Medicaid',
      policy_number: 'IA1',
      priority: 1,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ priority: [CLAIM_MESSAGES.priorityTaken(1)] });
    expect(await insurances(id)).toHaveLength(1);

    // Another patient's primary is no clash.
    const other = await newPatient();
    expect(
      (await send('POST', `/api/patients/${other}/insurances/`, { name: 'M', policy_number: '1', priority: 1 }))
        .statusCode,
    ).toBe(201);

    const second = await send('POST', `/api/patients/${id}/insurances/`, {
      name: 'Iowa Medicaid',
      policy_number: 'IA1',
      priority: 2,
    });
    expect(second.statusCode).toBe(201);
    const clash = await send('PATCH', `/api/patients/${id}/insurances/${second.json().id}/`, {
      name: 'Iowa Medicaid',
      policy_number: 'IA1',
      priority: 1,
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toEqual({ priority: [CLAIM_MESSAGES.priorityTaken(1)] });
    // Freeing the priority lets the other take it.
    expect(
      (
        await send('PATCH', `/api/patients/${id}/insurances/${first.json().id}/`, {
          name: 'Medicare',
          policy_number: '1EG4TE5MK73',
          priority: null,
        })
      ).json().priority,
    ).toBeNull();
    const moved = await send('PATCH', `/api/patients/${id}/insurances/${second.json().id}/`, {
      name: 'Iowa Medicaid',
      policy_number: 'IA1',
      priority: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().priority).toBe(1);
  });

  it('holds one insurance per priority under requests at the same moment: one 201, the others 422', async () => {
    const id = await newPatient();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        send('POST', `/api/patients/${id}/insurances/`, { name: `Plan ${i}`, policy_number: `P${i}`, priority: 2 }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(refused.json()).toEqual({ priority: [CLAIM_MESSAGES.priorityTaken(2)] });
    expect(await insurances(id)).toHaveLength(1);
  });

  it('a PATCH keeps the coverage fields it does not send, and clears those sent empty', async () => {
    const id = await newPatient();
    const vendor = await newVendor();
    const created = await send('POST', `/api/patients/${id}/insurances/`, {
      name: 'BCBS',
      policy_number: 'XYZ1',
      vendor_id: vendor.id,
      priority: 2,
      group_number: 'G77',
      relationship: '19',
      subscriber_first_name: 'Ann',
      subscriber_last_name: 'Miller',
    });
    const iid = created.json().id;
    // The spec's dialog sends name and policy number only.
    const renamed = await send('PATCH', `/api/patients/${id}/insurances/${iid}/`, {
      name: 'BCBS of Iowa',
      policy_number: 'XYZ1',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...created.json(), name: 'BCBS of Iowa' });
    const cleared = await send('PATCH', `/api/patients/${id}/insurances/${iid}/`, {
      name: 'BCBS of Iowa',
      policy_number: 'XYZ1',
      vendor_id: null,
      relationship: null,
      subscriber_first_name: '',
    });
    expect(cleared.json()).toMatchObject({
      vendor_id: null,
      payer: null,
      relationship: '18',
      subscriber_first_name: '',
    });
    expect(cleared.json()).toMatchObject({ priority: 2, group_number: 'G77', subscriber_last_name: 'Miller' });
    expect(
      (
        await send('PATCH', `/api/patients/${id}/insurances/${iid}/`, {
          name: 'x',
          policy_number: 'XYZ1',
          vendor_id: 999999,
        })
      ).json(),
    ).toEqual({ vendor_id: [CLAIM_MESSAGES.payerUnknown] });
  });
});

describe('diagnosis codes', () => {
  it('stores the ICD-10 code without its dot and answers it with the dot', async () => {
    const id = await newPatient();
    const res = await send('POST', `/api/patients/${id}/diagnostics/`, {
      text: 'Chronic obstructive pulmonary disease',
      code: ' j44.9 ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: res.json().id, text: 'Chronic obstructive pulmonary disease', code: 'J44.9' });
    const stored = await t.db
      .selectFrom('patient_diagnoses')
      .select('code')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.code).toBe('J449');
    expect((await get(`/api/patients/${id}/`)).json().diagnosis).toEqual([res.json()]);

    // The dialog's text alone keeps the code; a new code replaces it; an empty one removes it.
    const url = `/api/patients/${id}/diagnostics/${res.json().id}/`;
    expect((await send('PATCH', url, { text: 'COPD' })).json()).toMatchObject({ text: 'COPD', code: 'J44.9' });
    expect((await send('PATCH', url, { text: 'COPD', code: 'Z9981' })).json().code).toBe('Z99.81');
    expect((await send('PATCH', url, { text: 'COPD', code: '' })).json().code).toBe('');
    expect(
      (await send('POST', `/api/patients/${id}/diagnostics/`, { text: 'Sleep apnea', code: 'G47' })).json().code,
    ).toBe('G47');
  });

  it('422 for a malformed code, changing nothing', async () => {
    const id = await newPatient();
    const res = await send('POST', `/api/patients/${id}/diagnostics/`, { text: 'x', code: '12.3' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: [CLAIM_MESSAGES.icd10Invalid] });
    const created = await send('POST', `/api/patients/${id}/diagnostics/`, { text: 'x', code: 'E11.9' });
    const edit = await send('PATCH', `/api/patients/${id}/diagnostics/${created.json().id}/`, {
      text: 'x',
      code: 'J44.',
    });
    expect(edit.statusCode).toBe(422);
    expect((await get(`/api/patients/${id}/`)).json().diagnosis).toEqual([created.json()]);
  });
});

describe('physician NPI', () => {
  it('keeps the length message and refuses a wrong check digit', async () => {
    const short = await send('POST', '/api/patients/', patientBody({ physician_npi: '123456789' }));
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ physician_npi: [PATIENT_MESSAGES.npiLength] });
    const wrong = await send('POST', '/api/patients/', patientBody({ physician_npi: '1234567890' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ physician_npi: [CLAIM_MESSAGES.npiInvalid] });
    const ok = await send('POST', '/api/patients/', patientBody({ physician_npi: '1245319599' }));
    expect(ok.statusCode).toBe(201);
    const id = ok.json().data.id;
    const edit = await send('PATCH', `/api/patients/${id}/`, { physician_npi: '1245319598' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json()).toEqual({ physician_npi: ['NPI is not valid'] });
    expect((await get(`/api/patients/${id}/`)).json().physician_npi).toBe('1245319599');
  });
});
