import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
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

async function newPatient(overrides: Record<string, unknown>): Promise<number> {
  return (await createPatient(t, patientBody(overrides))).id;
}

async function pick(search: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/patients_list/?search=${encodeURIComponent(search)}`,
    headers: h,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; first_name: string; last_name: string; birthdate: string | null }[];
}

describe('GET /api/patients_list/ ranks the best match first', () => {
  it('a unique last name puts its patient on top, above partial matches, even when they are Active', async () => {
    const last = unique('Quade');
    // Partial matches: the last name as the start of a longer name, and inside an email and a city.
    const longer = await newPatient({ first_name: 'Aaron', last_name: `${last}son` });
    const inEmail = await newPatient({ first_name: 'Abby', last_name: 'Allen', email: `${last}@example.com` });
    const inCity = await newPatient({ first_name: 'Abel', last_name: 'Allen', city: `North ${last}` });
    const exact = await newPatient({ first_name: 'Zoe', last_name: last, status: 'Inactive' });

    const rows = await pick(last);
    expect(rows.map((r) => r.id)).toEqual([exact, longer, inEmail, inCity]);
    // Case and surrounding spaces do not matter; the full name matches exactly too.
    expect((await pick(`  ${last.toUpperCase()} `))[0].id).toBe(exact);
    expect((await pick(`zoe ${last}`))[0].id).toBe(exact);
  });

  it('two patients sharing a name both come back, told apart by id and date of birth', async () => {
    const last = unique('Scott');
    const older = await newPatient({ first_name: 'Christine', last_name: last, birthdate: '1941-02-03' });
    const younger = await newPatient({ first_name: 'Christine', last_name: last, birthdate: '1975-11-30' });
    const rows = await pick(`christine ${last}`);
    expect(rows).toEqual([
      { id: older, first_name: 'Christine', last_name: last, birthdate: '1941-02-03' },
      { id: younger, first_name: 'Christine', last_name: last, birthdate: '1975-11-30' },
    ]);
  });

  it('an exact name comes first even behind a full page of names that only start with the term', async () => {
    const last = unique('Brack');
    await t.db
      .insertInto('patients')
      .values(Array.from({ length: 100 }, (_, i) => ({ first_name: `Aaa${i}`, last_name: `${last}en` })))
      .execute();
    const exact = await newPatient({ first_name: 'Zed', last_name: last });
    const rows = await pick(last);
    expect(rows).toHaveLength(100);
    expect(rows[0].id).toBe(exact);
    expect(rows.slice(1).every((r) => r.last_name === `${last}en`)).toBe(true);
  });

  it('a term without letters (a phone) lists the matches in the picker order', async () => {
    // This file's database is its own; no other patient has this phone.
    const phone = '319-555-0188';
    const b = await newPatient({ first_name: 'Bea', last_name: unique('Phone'), phone });
    const a = await newPatient({ first_name: 'Ann', last_name: unique('Phone'), phone });
    expect((await pick(phone)).map((r) => r.id)).toEqual([a, b]);
  });

  it('wildcards in the search are taken literally', async () => {
    const last = unique('Pct');
    await newPatient({ first_name: 'Ida', last_name: last });
    expect(await pick(`${last.slice(0, 3)}%`)).toEqual([]);
    expect(await pick('_')).toEqual([]);
  });
});
