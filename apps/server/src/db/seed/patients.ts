import type { Db } from '../database.ts';
import { createRng, generatePatient } from './patient-data.ts';
import { insertSeedPatients, stateIdsByAbbreviation } from './patient-bulk.ts';

const DEMO_PATIENTS = 200;
const DEMO_SEED = 2026;

/**
 * Demo patients of the first run: about 200 people across Iowa and its neighbours with
 * physicians, insurances, diagnoses, HCPCS entries with modifiers, tags and contacts. The same
 * seed gives the same office; every 50th patient is exactly 20 years old (the red age).
 */
export async function seedDemoPatients(db: Db): Promise<void> {
  const rng = createRng(DEMO_SEED);
  const stateIds = await stateIdsByAbbreviation(db);
  const today = new Date();
  const patients = Array.from({ length: DEMO_PATIENTS }, (_, i) =>
    generatePatient(rng, stateIds, today, { exactlyTwenty: i % 50 === 7, serial: i + 1 }),
  );
  await insertSeedPatients(db, patients);
}
