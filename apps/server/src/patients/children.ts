import { formatIcd10 } from '@dme/shared';
import type {
  Patient,
  PatientDiagnosis,
  PatientDiagnosisBody,
  PatientHcps,
  PatientModifier,
  PatientModifierBody,
  PatientModifierPatchBody,
  PatientTextBody,
} from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound, validation } from '../lib/errors.ts';
import {
  PATIENT_ATTACHMENTS,
  PATIENT_DIAGNOSES,
  PATIENT_HCPCS,
  PATIENT_INSURANCES,
  PATIENT_TAGS,
} from '../lib/patient-json.ts';

export const attachmentUrl = (id: number) => `/api/attachments/${id}/download/`;

/**
 * Every child list of the edit screen except orders, in one query (lib/patient-json.ts): read
 * one by one they were six round trips, most of the screen's time for a few rows each.
 */
export async function loadChildren(
  db: Executor,
  patientId: number,
): Promise<Pick<Patient, 'tags' | 'insurances' | 'diagnosis' | 'health' | 'attachments'>> {
  const lists = await db
    .selectFrom('patients as p')
    .select([
      PATIENT_TAGS.as('tags'),
      PATIENT_INSURANCES.as('insurances'),
      PATIENT_DIAGNOSES.as('diagnosis'),
      PATIENT_HCPCS.as('health'),
      PATIENT_ATTACHMENTS.as('attachments'),
    ])
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  if (!lists) throw notFound();
  return {
    ...lists,
    diagnosis: lists.diagnosis.map(diagnosisOut),
    attachments: lists.attachments.map((a) => ({ ...a, url: attachmentUrl(a.id) })),
  };
}

/** 404 unless the patient exists; the key-share lock keeps it from being deleted meanwhile. */
export async function lockPatient(db: Executor, patientId: number): Promise<void> {
  const row = await db.selectFrom('patients').select('id').where('id', '=', patientId).forKeyShare().executeTakeFirst();
  if (!row) throw notFound();
}

/** A patient's child row in the audit log: before and after carry the patient's id. */
export async function auditChild(
  db: Executor,
  actorId: number,
  action: 'create' | 'update' | 'delete',
  entity: string,
  patientId: number,
  change: { id: number; before?: object; after?: object },
): Promise<void> {
  await audit(db, {
    userId: actorId,
    action,
    entity,
    entityId: change.id,
    before: change.before && { patient_id: patientId, ...change.before },
    after: change.after && { patient_id: patientId, ...change.after },
  });
}

type ChildTable = 'patient_diagnoses' | 'patient_hcps' | 'patient_hcps_modifiers' | 'patient_insurances';

/** Deletes a child row found (and locked) by `find`, with its audit row, in one transaction. */
export async function deleteChild(
  db: Executor,
  table: ChildTable,
  entity: string,
  actorId: number,
  patientId: number,
  find: (trx: Executor) => Promise<{ id: number }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await find(trx);
    await trx.deleteFrom(table).where('id', '=', before.id).execute();
    await auditChild(trx, actorId, 'delete', entity, patientId, { id: before.id, before });
  });
}

// ---- Diagnoses: a text and its ICD-10-CM code (stored without the dot, answered with it) ----

const diagnosisOut = (row: { id: number; text: string; code: string }): PatientDiagnosis => ({
  ...row,
  code: formatIcd10(row.code),
});

async function findDiagnosis(db: Executor, patientId: number, id: number) {
  const row = await db
    .selectFrom('patient_diagnoses')
    .select(['id', 'text', 'code'])
    .where('id', '=', id)
    .where('patient_id', '=', patientId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function createDiagnosis(
  db: Executor,
  actorId: number,
  patientId: number,
  body: PatientDiagnosisBody,
): Promise<PatientDiagnosis> {
  return db.transaction().execute(async (trx) => {
    await lockPatient(trx, patientId);
    const row = await trx
      .insertInto('patient_diagnoses')
      .values({ patient_id: patientId, text: body.text, code: body.code ?? '' })
      .returning(['id', 'text', 'code'])
      .executeTakeFirstOrThrow();
    await auditChild(trx, actorId, 'create', 'patient_diagnosis', patientId, { id: row.id, after: row });
    return diagnosisOut(row);
  });
}

/** The text as sent; a code not sent keeps its value. */
export async function updateDiagnosis(
  db: Executor,
  actorId: number,
  patientId: number,
  id: number,
  body: PatientDiagnosisBody,
): Promise<PatientDiagnosis> {
  return db.transaction().execute(async (trx) => {
    const before = await findDiagnosis(trx, patientId, id);
    const after = await trx
      .updateTable('patient_diagnoses')
      .set({ text: body.text, code: body.code ?? before.code })
      .where('id', '=', id)
      .returning(['id', 'text', 'code'])
      .executeTakeFirstOrThrow();
    await auditChild(trx, actorId, 'update', 'patient_diagnosis', patientId, { id, before, after });
    return diagnosisOut(after);
  });
}

export const deleteDiagnosis = (db: Executor, actorId: number, patientId: number, id: number) =>
  deleteChild(db, 'patient_diagnoses', 'patient_diagnosis', actorId, patientId, (trx) =>
    findDiagnosis(trx, patientId, id),
  );

// ---- HCPCS entries: one text per row ----

async function findHcpsEntry(db: Executor, patientId: number, id: number): Promise<{ id: number; text: string }> {
  const row = await db
    .selectFrom('patient_hcps')
    .select(['id', 'text'])
    .where('id', '=', id)
    .where('patient_id', '=', patientId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function modifiersOf(db: Executor, hcpsId: number): Promise<PatientModifier[]> {
  return db
    .selectFrom('patient_hcps_modifiers')
    .select(['id', 'text', 'hcps_id'])
    .where('hcps_id', '=', hcpsId)
    .orderBy('id')
    .execute();
}

export async function createHcps(
  db: Executor,
  actorId: number,
  patientId: number,
  body: PatientTextBody,
): Promise<PatientHcps> {
  return db.transaction().execute(async (trx) => {
    await lockPatient(trx, patientId);
    const row = await trx
      .insertInto('patient_hcps')
      .values({ patient_id: patientId, text: body.text })
      .returning(['id', 'text'])
      .executeTakeFirstOrThrow();
    await auditChild(trx, actorId, 'create', 'patient_hcps', patientId, { id: row.id, after: row });
    return { ...row, modifier: [] };
  });
}

export async function updateHcps(
  db: Executor,
  actorId: number,
  patientId: number,
  id: number,
  body: PatientTextBody,
): Promise<PatientHcps> {
  const row = await db.transaction().execute(async (trx) => {
    const before = await findHcpsEntry(trx, patientId, id);
    const after = await trx
      .updateTable('patient_hcps')
      .set({ text: body.text })
      .where('id', '=', id)
      .returning(['id', 'text'])
      .executeTakeFirstOrThrow();
    await auditChild(trx, actorId, 'update', 'patient_hcps', patientId, { id, before, after });
    return after;
  });
  return { ...row, modifier: await modifiersOf(db, id) };
}

/** Deleting an HCPCS entry deletes its modifiers with it (ON DELETE CASCADE). */
export const deleteHcps = (db: Executor, actorId: number, patientId: number, id: number) =>
  deleteChild(db, 'patient_hcps', 'patient_hcps', actorId, patientId, (trx) => findHcpsEntry(trx, patientId, id));

// ---- Modifiers (children of an HCPCS entry of the same patient) ----

async function checkHcpsOfPatient(db: Executor, patientId: number, hcpsId: number): Promise<void> {
  const row = await db
    .selectFrom('patient_hcps')
    .select('id')
    .where('id', '=', hcpsId)
    .where('patient_id', '=', patientId)
    .forKeyShare()
    .executeTakeFirst();
  if (!row) throw validation({ hcps_id: ['Select an HCPCS entry of this patient'] });
}

async function findModifier(db: Executor, patientId: number, id: number): Promise<PatientModifier> {
  const row = await db
    .selectFrom('patient_hcps_modifiers as m')
    .innerJoin('patient_hcps as h', 'h.id', 'm.hcps_id')
    .select(['m.id', 'm.text', 'm.hcps_id'])
    .where('m.id', '=', id)
    .where('h.patient_id', '=', patientId)
    .forUpdate('m')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function createModifier(
  db: Executor,
  actorId: number,
  patientId: number,
  body: PatientModifierBody,
): Promise<PatientModifier> {
  return db.transaction().execute(async (trx) => {
    await lockPatient(trx, patientId);
    await checkHcpsOfPatient(trx, patientId, body.hcps_id);
    const row = await trx
      .insertInto('patient_hcps_modifiers')
      .values({ hcps_id: body.hcps_id, text: body.text })
      .returning(['id', 'text', 'hcps_id'])
      .executeTakeFirstOrThrow();
    await auditChild(trx, actorId, 'create', 'patient_hcps_modifier', patientId, { id: row.id, after: row });
    return row;
  });
}

export async function updateModifier(
  db: Executor,
  actorId: number,
  patientId: number,
  id: number,
  body: PatientModifierPatchBody,
): Promise<PatientModifier> {
  return db.transaction().execute(async (trx) => {
    const before = await findModifier(trx, patientId, id);
    if (body.hcps_id !== undefined && body.hcps_id !== before.hcps_id)
      await checkHcpsOfPatient(trx, patientId, body.hcps_id);
    const after = await trx
      .updateTable('patient_hcps_modifiers')
      .set({ text: body.text, hcps_id: body.hcps_id ?? before.hcps_id })
      .where('id', '=', id)
      .returning(['id', 'text', 'hcps_id'])
      .executeTakeFirstOrThrow();
    await auditChild(trx, actorId, 'update', 'patient_hcps_modifier', patientId, { id, before, after });
    return after;
  });
}

export const deleteModifier = (db: Executor, actorId: number, patientId: number, id: number) =>
  deleteChild(db, 'patient_hcps_modifiers', 'patient_hcps_modifier', actorId, patientId, (trx) =>
    findModifier(trx, patientId, id),
  );
