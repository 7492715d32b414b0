import type { PatientInsurance, PatientInsuranceBody } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { auditChild, deleteChild, lockPatient } from './children.ts';

/** A patient's insurances (policy numbers arrive cleaned by the shared schema). */
export async function createInsurance(
  db: Executor,
  actorId: number,
  patientId: number,
  body: PatientInsuranceBody,
): Promise<PatientInsurance> {
  return db.transaction().execute(async (trx) => {
    await lockPatient(trx, patientId);
    const row = await trx
      .insertInto('patient_insurances')
      .values({ patient_id: patientId, ...body })
      .returning(['id', 'name', 'policy_number'])
      .executeTakeFirstOrThrow();
    await auditChild(trx, actorId, 'create', 'patient_insurance', patientId, { id: row.id, after: row });
    return row;
  });
}

async function findInsurance(db: Executor, patientId: number, id: number): Promise<PatientInsurance> {
  const row = await db
    .selectFrom('patient_insurances')
    .select(['id', 'name', 'policy_number'])
    .where('id', '=', id)
    .where('patient_id', '=', patientId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function updateInsurance(
  db: Executor,
  actorId: number,
  patientId: number,
  id: number,
  body: PatientInsuranceBody,
): Promise<PatientInsurance> {
  return db.transaction().execute(async (trx) => {
    const before = await findInsurance(trx, patientId, id);
    const after = await trx
      .updateTable('patient_insurances')
      .set(body)
      .where('id', '=', id)
      .returning(['id', 'name', 'policy_number'])
      .executeTakeFirstOrThrow();
    await auditChild(trx, actorId, 'update', 'patient_insurance', patientId, { id, before, after });
    return after;
  });
}

export const deleteInsurance = (db: Executor, actorId: number, patientId: number, id: number) =>
  deleteChild(db, 'patient_insurances', 'patient_insurance', actorId, patientId, (trx) =>
    findInsurance(trx, patientId, id),
  );
