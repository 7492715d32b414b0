import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { patientBody } from '../test/factories.ts';

let t: TestContext;
let h: { authorization: string };
beforeAll(async () => {
  t = await setupTestApp();
  h = auth(t.adminToken);
});
afterAll(async () => {
  await t.close();
});

const saved = [
  { contact_name: 'Tom Miller', contact_number: '515-555-0101', contact_relation: 'Son' },
  { contact_name: 'Ann Miller', contact_number: '', contact_relation: 'Daughter' },
];

async function patientWithContacts(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patients/',
    headers: h,
    payload: patientBody({ call_before_delivery: true, contact_different_patient: true, contact_person: saved }),
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}

const patch = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/patients/${id}/`, headers: h, payload });

async function contactRows(id: number) {
  return t.db
    .selectFrom('patient_contacts')
    .select(['contact_name', 'contact_number', 'contact_relation'])
    .where('patient_id', '=', id)
    .orderBy('position')
    .execute();
}

describe('saved contacts are never erased by a switch (spec part 1 section 5)', () => {
  it('a PATCH with only contact_different_patient: false keeps them; switching back on shows them', async () => {
    const id = await patientWithContacts();
    const off = await patch(id, { contact_different_patient: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ contact_different_patient: false, contact_person: saved });
    expect(await contactRows(id)).toEqual(saved);

    const on = await patch(id, { contact_different_patient: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ contact_different_patient: true, contact_person: saved });
  });

  it('turning call_before_delivery off, or a patch of other fields, keeps them', async () => {
    const id = await patientWithContacts();
    expect((await patch(id, { call_before_delivery: false })).statusCode).toBe(200);
    expect((await patch(id, { first_name: 'Rosa', phone: '515-555-0199' })).statusCode).toBe(200);
    expect(await contactRows(id)).toEqual(saved);
  });

  it('contact_person sent while a switch is off is dropped: the saved contacts stay', async () => {
    const id = await patientWithContacts();
    const res = await patch(id, { contact_different_patient: false, contact_person: [] });
    expect(res.statusCode).toBe(200);
    expect(await contactRows(id)).toEqual(saved);
    const other = [{ contact_name: 'Someone Else', contact_number: '', contact_relation: '' }];
    expect((await patch(id, { contact_person: other })).statusCode).toBe(200);
    expect(await contactRows(id)).toEqual(saved);
  });

  it('only an explicit contact_person with both switches on replaces them', async () => {
    const id = await patientWithContacts();
    const replacement = [{ contact_name: 'Joe Miller', contact_number: '515-555-0123', contact_relation: 'Brother' }];
    const res = await patch(id, { contact_person: replacement });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contact_person: replacement });
    expect(await contactRows(id)).toEqual(replacement);

    // Both switches sent on together with the rows: the rows are the new list.
    const both = await patch(id, {
      call_before_delivery: true,
      contact_different_patient: true,
      contact_person: saved,
    });
    expect(both.statusCode).toBe(200);
    expect(await contactRows(id)).toEqual(saved);
  });

  it('a refused patch (a kept row without a name) changes nothing', async () => {
    const id = await patientWithContacts();
    const res = await patch(id, {
      first_name: 'Changed',
      contact_person: [{ contact_name: ' ', contact_number: '', contact_relation: '' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ 'contact_person.0.contact_name': ['Is required'] });
    expect(await contactRows(id)).toEqual(saved);
    const after = await t.app.inject({ method: 'GET', url: `/api/patients/${id}/`, headers: h });
    expect(after.json()).toMatchObject({ first_name: 'Rose', contact_person: saved });
  });

  it('answers 401 without a token and 404 for an unknown patient', async () => {
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/patients/1/',
      payload: { contact_different_patient: false },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await patch(2147483000, { contact_different_patient: false })).statusCode).toBe(404);
  });
});
