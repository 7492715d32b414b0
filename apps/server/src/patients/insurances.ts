import type { PatientInsurance, PatientInsuranceBody } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';
import { lockPatient } from './children.ts';

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
    await audit(trx, {
      userId: actorId,
      action: 'create',
      entity: 'patient_insurance',
      entityId: row.id,
      after: { patient_id: patientId, ...row },
    });
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
    await audit(trx, {
      userId: actorId,
      action: 'update',
      entity: 'patient_insurance',
      entityId: id,
      before: { patient_id: patientId, ...before },
      after: { patient_id: patientId, ...after },
    });
    return after;
  });
}

export async function deleteInsurance(db: Executor, actorId: number, patientId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findInsurance(trx, patientId, id);
    await trx.deleteFrom('patient_insurances').where('id', '=', id).execute();
    await audit(trx, {
      userId: actorId,
      action: 'delete',
      entity: 'patient_insurance',
      entityId: id,
      before: { patient_id: patientId, ...before },
    });
  });
}
