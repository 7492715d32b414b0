import { sql } from 'kysely';
import {
  contactPersonIssues,
  contactsEnabled,
  PATIENT_MESSAGES,
  patientStatusOrFallback,
  type CreatePatientBody,
  type PatchPatientBody,
  type Patient,
  type PatientContact,
} from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { conflict, isForeignKeyViolation, notFound, validation } from '../lib/errors.ts';
import { loadChildren } from './children.ts';
import { PATIENT_CONTACTS } from '../lib/patient-json.ts';

/** The patient record without its child lists: what the form edits and the audit log keeps. */
export type PatientCore = Omit<Patient, 'tags' | 'insurances' | 'diagnosis' | 'health' | 'attachments' | 'orders'>;

const CORE_COLUMNS = [
  'p.id',
  'p.first_name',
  'p.middle_name',
  'p.last_name',
  'p.address_1',
  'p.address_2',
  'p.city',
  'p.zip',
  'p.phone',
  'p.mobile',
  'p.fax',
  'p.email',
  'p.notes',
  'p.gender',
  'p.physician_name',
  'p.physician_npi',
  'p.physician_phone',
  'p.physician_fax',
  'p.state_id',
  'p.birthdate',
  'p.facility',
  'p.rentals',
  'p.call_before_delivery',
  'p.contact_different_patient',
  'p.status',
] as const;

function genderOf(value: string): Patient['gender'] {
  return value === 'Female' || value === 'Male' ? value : '';
}

export async function getPatientCore(db: Executor, id: number, opts: { lock?: boolean } = {}): Promise<PatientCore> {
  const row = await db
    .selectFrom('patients as p')
    .leftJoin('usa_states as s', 's.id', 'p.state_id')
    .select([...CORE_COLUMNS, 's.name as state_name', PATIENT_CONTACTS.as('contact_person')])
    .where('p.id', '=', id)
    .$if(opts.lock === true, (qb) => qb.forUpdate('p'))
    .executeTakeFirst();
  if (!row) throw notFound();
  const { state_id, state_name, ...fields } = row;
  return {
    ...fields,
    gender: genderOf(row.gender),
    status: patientStatusOrFallback(row.status),
    state: state_id !== null && state_name ? { id: state_id, name: state_name } : null,
  };
}

/**
 * The patient with every child list of the edit screen. `whenFound` (the read's audit row) runs
 * once the patient is known to exist, while the lists are read.
 */
export async function getPatient(db: Executor, id: number, whenFound?: () => Promise<void>): Promise<Patient> {
  const core = await getPatientCore(db, id);
  const [children] = await Promise.all([loadChildren(db, id), whenFound?.()]);
  // Orders are listed by the orders area (GET /orders/patient-what-ever/{id}).
  return { ...core, ...children, orders: [] };
}

async function checkState(db: Executor, stateId: number | null | undefined): Promise<void> {
  if (stateId === null || stateId === undefined) return;
  const state = await db.selectFrom('usa_states').select('id').where('id', '=', stateId).executeTakeFirst();
  if (!state) throw validation({ state_id: [PATIENT_MESSAGES.state] });
}

async function replaceContacts(db: Executor, patientId: number, contacts: PatientContact[]): Promise<void> {
  await db.deleteFrom('patient_contacts').where('patient_id', '=', patientId).execute();
  if (contacts.length === 0) return;
  await db
    .insertInto('patient_contacts')
    .values(contacts.map((c, position) => ({ patient_id: patientId, position, ...c })))
    .execute();
}

export async function createPatient(db: Executor, actorId: number, body: CreatePatientBody): Promise<Patient> {
  return db.transaction().execute(async (trx) => {
    await checkState(trx, body.state_id);
    const { contact_person, ...fields } = body;
    const { id } = await trx.insertInto('patients').values(fields).returning('id').executeTakeFirstOrThrow();
    await replaceContacts(trx, id, contact_person);
    const after = await getPatientCore(trx, id);
    await audit(trx, { userId: actorId, action: 'create', entity: 'patient', entityId: id, after });
    return getPatient(trx, id);
  });
}

/**
 * Applies any subset of the fields. The contact rule is checked on the merged record, since the
 * switches it depends on may be stored rather than sent. Saved contacts are replaced only by an
 * explicit contact_person sent while both switches are on (spec part 1 section 5: otherwise it is
 * dropped); turning a switch off keeps them, so turning it back on shows them again.
 */
export async function updatePatient(
  db: Executor,
  actorId: number,
  id: number,
  patch: PatchPatientBody,
): Promise<Patient> {
  return db.transaction().execute(async (trx) => {
    const before = await getPatientCore(trx, id, { lock: true });
    const merged = {
      call_before_delivery: patch.call_before_delivery ?? before.call_before_delivery,
      contact_different_patient: patch.contact_different_patient ?? before.contact_different_patient,
      contact_person: patch.contact_person ?? before.contact_person,
    };
    const issues = contactPersonIssues(merged);
    if (issues.length) throw validation(Object.fromEntries(issues.map((i) => [i.path.join('.'), [i.message]])));
    await checkState(trx, patch.state_id);

    const { contact_person: _sent, ...fields } = patch;
    if (Object.keys(fields).length > 0) {
      await trx
        .updateTable('patients')
        .set({ ...fields, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    }
    const replacesContacts = patch.contact_person !== undefined && contactsEnabled(merged);
    if (replacesContacts && JSON.stringify(merged.contact_person) !== JSON.stringify(before.contact_person)) {
      await replaceContacts(trx, id, merged.contact_person);
      await trx
        .updateTable('patients')
        .set({ updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    }
    const after = await getPatientCore(trx, id);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await audit(trx, { userId: actorId, action: 'update', entity: 'patient', entityId: id, before, after });
    }
    return getPatient(trx, id);
  });
}

/** Orders belong to another area whose table may not exist yet; count them only when it does. */
async function countOrders(db: Executor, patientId: number): Promise<number> {
  const { rows } = await sql<{ reg: string | null }>`SELECT to_regclass('public.orders')::text AS reg`.execute(db);
  if (!rows[0]?.reg) return 0;
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE patient_id = ${patientId}`.execute(
    db,
  );
  return count.rows[0]?.n ?? 0;
}

/** Deletes the patient and its children; returns the storage keys of its attachments to remove. */
export async function deletePatient(db: Executor, actorId: number, id: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const before = await getPatientCore(trx, id, { lock: true });
    if ((await countOrders(trx, id)) > 0) throw conflict(PATIENT_MESSAGES.deleteRefused);
    const files = await trx
      .selectFrom('patient_attachments')
      .select('storage_key')
      .where('patient_id', '=', id)
      .execute();
    try {
      await trx.deleteFrom('patients').where('id', '=', id).execute();
    } catch (err) {
      // Another table of a later area may still point at the patient.
      if (isForeignKeyViolation(err)) throw conflict(PATIENT_MESSAGES.deleteRefused);
      throw err;
    }
    await audit(trx, { userId: actorId, action: 'delete', entity: 'patient', entityId: id, before });
    return files.map((f) => f.storage_key);
  });
}
