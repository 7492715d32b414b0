import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  ageInYears,
  cleanPolicyNumber,
  createPatientSchema,
  isValidNpi,
  normalizeIcd10,
  patientInsuranceBodySchema,
  todayWire,
} from '@dme/shared';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { seedDemoPatients } from '../db/seed/patients.ts';
import { seedDemoBilling } from '../db/seed/billing.ts';
import { seedManyPatients } from '../db/seed/patient-bulk.ts';
import { createRng, generatePatient } from '../db/seed/patient-data.ts';
import { parseSeedArgs } from '../db/seed-cli.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const count = async (
  table:
    | 'patients'
    | 'patient_insurances'
    | 'patient_diagnoses'
    | 'patient_hcps'
    | 'patient_hcps_modifiers'
    | 'patient_tags'
    | 'patient_contacts',
) =>
  (
    await t.db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('demo patients', () => {
  it('seeds about 200 realistic, valid patients with their children', async () => {
    // As the demo office does: the payers first, which the insurances bill.
    await seedDemoBilling(t.db);
    await seedDemoPatients(t.db);
    const patients = await t.db
      .selectFrom('patients as p')
      .innerJoin('usa_states as s', 's.id', 'p.state_id')
      .selectAll('p')
      .select('s.abbreviation')
      .execute();
    expect(patients).toHaveLength(200);
    expect(new Set(patients.map((p) => p.abbreviation.trim()))).toEqual(new Set(['IA', 'AR', 'MO', 'KS', 'NE', 'IL']));
    expect(patients.filter((p) => p.status === 'Active').length).toBeGreaterThan(150);
    expect(patients.some((p) => p.status === 'Deceased')).toBe(true);
    expect(patients.filter((p) => ageInYears(p.birthdate, todayWire()) === 20).length).toBeGreaterThanOrEqual(3);
    expect(
      patients.some((p) => p.rentals) &&
        patients.some((p) => p.facility) &&
        patients.some((p) => p.call_before_delivery),
    ).toBe(true);
    for (const p of patients) {
      expect(p.phone).toMatch(/^\d{3}-\d{3}-\d{4}$/);
      const parsed = createPatientSchema.safeParse({ ...p, contact_person: [] });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    expect(await count('patient_insurances')).toBeGreaterThan(200);
    expect(await count('patient_diagnoses')).toBeGreaterThanOrEqual(200);
    expect(await count('patient_hcps_modifiers')).toBeGreaterThan(100);
    expect(await count('patient_tags')).toBeGreaterThan(150);
    expect(await count('patient_contacts')).toBeGreaterThan(5);
    const policies = await t.db.selectFrom('patient_insurances').select('policy_number').execute();
    expect(policies.every((r) => r.policy_number === cleanPolicyNumber(r.policy_number))).toBe(true);
    const diagnosis = await t.db.selectFrom('patient_diagnoses').select('text').limit(1).executeTakeFirstOrThrow();
    expect(diagnosis.text).toMatch(/^[A-Z]\d{2}(\.[0-9A-Z]{1,4})? .+/);
    expect(patients.every((p) => isValidNpi(p.physician_npi))).toBe(true);

    // Every insurance bills a demo payer, primary first, some a secondary; a few insure a spouse's or parent's plan.
    const coverage = await t.db.selectFrom('patient_insurances').selectAll().execute();
    expect(coverage.every((i) => i.vendor_id !== null)).toBe(true);
    expect(coverage.filter((i) => i.priority === 1)).toHaveLength(new Set(coverage.map((i) => i.patient_id)).size);
    expect(coverage.filter((i) => i.priority === 2).length).toBeGreaterThan(10);
    const others = coverage.filter((i) => i.relationship !== '18');
    expect(others.length).toBeGreaterThanOrEqual(3);
    for (const i of others)
      expect(i.subscriber_first_name && i.subscriber_last_name && i.subscriber_birthdate).toBeTruthy();
    for (const i of coverage) {
      const parsed = patientInsuranceBodySchema.safeParse(i);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    // Every diagnosis carries the ICD-10 code its text starts with.
    const codes = await t.db.selectFrom('patient_diagnoses').select(['text', 'code']).execute();
    for (const d of codes) expect(d.code).toBe(normalizeIcd10(d.text.split(' ')[0]));
    for (const code of ['J449', 'E119', 'I509', 'G4733', 'M1711', 'Z9981'])
      expect(codes.map((d) => d.code)).toContain(code);

    // Modifiers always hang off an HCPCS entry of the same patient.
    const orphans = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM patient_hcps_modifiers m LEFT JOIN patient_hcps h ON h.id = m.hcps_id WHERE h.id IS NULL
    `.execute(t.db);
    expect(orphans.rows[0].n).toBe(0);
  });

  it('is deterministic', () => {
    const a = generatePatient(createRng(7), { IA: 16 }, new Date('2026-01-15T12:00:00Z'));
    const b = generatePatient(createRng(7), { IA: 16 }, new Date('2026-01-15T12:00:00Z'));
    expect(a).toEqual(b);
  });
});

describe('load-test patients', () => {
  it('adds N patients in batches, each run different people', async () => {
    const before = await count('patients');
    const batches: number[] = [];
    expect(await seedManyPatients(t.db, 250, { batchSize: 100, onBatch: (n) => batches.push(n) })).toBe(250);
    expect(batches).toEqual([100, 200, 250]);
    expect(await count('patients')).toBe(before + 250);
    const ids = await t.db.selectFrom('patients').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    // Identity values were taken from the sequence, so the API's inserts go on after them.
    const created = await t.db
      .insertInto('patients')
      .values({ first_name: 'Next', last_name: 'Patient' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(created.id).toBeGreaterThan(ids.id);
  });

  it('reads --area N and --area=N, and refuses anything else', () => {
    expect(parseSeedArgs(['--patients', '100000'])).toEqual(new Map([['patients', 100000]]));
    expect(parseSeedArgs(['--patients=5'])).toEqual(new Map([['patients', 5]]));
    expect(() => parseSeedArgs([])).toThrow(/Usage/);
    expect(() => parseSeedArgs(['--patients', 'many'])).toThrow(/whole number/);
    expect(() => parseSeedArgs(['--planets', '3'])).toThrow(/Unknown argument/);
  });
});
