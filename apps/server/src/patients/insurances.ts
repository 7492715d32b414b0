import { CLAIM_MESSAGES, type PatientInsurance, type PatientInsuranceBody } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { isForeignKeyViolation, isUniqueViolation, notFound, validation } from '../lib/errors.ts';
import { auditChild, deleteChild, lockPatient } from './children.ts';

/**
 * A patient's insurances with their coverage (policy numbers arrive cleaned by the shared
 * schema). A patient has at most one insurance of each priority: the partial unique index
 * patient_insurances_priority_key holds that even for requests at the same moment, and its
 * refusal is answered as the field's message.
 */

const STORED = [
  'id',
  'name',
  'policy_number',
  'vendor_id',
  'priority',
  'group_number',
  'relationship',
  'subscriber_first_name',
  'subscriber_last_name',
  'subscriber_birthdate',
  'subscriber_gender',
] as const;

type StoredInsurance = Omit<PatientInsurance, 'payer' | 'relationship'> & { relationship: string };

/** The wire insurance: the stored row with its payer's id and name. */
async function withPayer(db: Executor, row: StoredInsurance): Promise<PatientInsurance> {
  const payer =
    row.vendor_id === null
      ? undefined
      : await db.selectFrom('vendors').select(['id', 'name']).where('id', '=', row.vendor_id).executeTakeFirst();
  return { ...row, relationship: row.relationship as PatientInsurance['relationship'], payer: payer ?? null };
}

/** The payer's name, locked against deletion until the transaction ends; 422 when no vendor has the id. */
async function payerName(db: Executor, vendorId: number): Promise<string> {
  const vendor = await db
    .selectFrom('vendors')
    .select('name')
    .where('id', '=', vendorId)
    .forKeyShare()
    .executeTakeFirst();
  if (!vendor) throw validation({ vendor_id: [CLAIM_MESSAGES.payerUnknown] });
  return vendor.name;
}

/** A priority another insurance of the patient holds, or a vendor deleted meanwhile: the field's 422. */
function refusal(priority: number | null | undefined) {
  return (err: unknown): never => {
    if (isUniqueViolation(err, 'patient_insurances_priority_key') && priority)
      throw validation({ priority: [CLAIM_MESSAGES.priorityTaken(priority)] });
    if (isForeignKeyViolation(err)) throw validation({ vendor_id: [CLAIM_MESSAGES.payerUnknown] });
    throw err;
  };
}

export function createInsurance(
  db: Executor,
  actorId: number,
  patientId: number,
  body: PatientInsuranceBody,
): Promise<PatientInsurance> {
  return db
    .transaction()
    .execute(async (trx) => {
      await lockPatient(trx, patientId);
      const payer = body.vendor_id ? await payerName(trx, body.vendor_id) : null;
      const row = await trx
        .insertInto('patient_insurances')
        .values({
          patient_id: patientId,
          ...body,
          // The shared schema lets the name be empty only when a payer is chosen.
          name: body.name || payer || '',
          vendor_id: body.vendor_id ?? null,
          priority: body.priority ?? null,
        })
        .returning(STORED)
        .executeTakeFirstOrThrow();
      await auditChild(trx, actorId, 'create', 'patient_insurance', patientId, { id: row.id, after: row });
      return withPayer(trx, row);
    })
    .catch(refusal(body.priority));
}

async function findInsurance(db: Executor, patientId: number, id: number): Promise<StoredInsurance> {
  const row = await db
    .selectFrom('patient_insurances')
    .select(STORED)
    .where('id', '=', id)
    .where('patient_id', '=', patientId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Name and policy number as sent; a coverage field not sent keeps its value. */
export function updateInsurance(
  db: Executor,
  actorId: number,
  patientId: number,
  id: number,
  body: PatientInsuranceBody,
): Promise<PatientInsurance> {
  return db
    .transaction()
    .execute(async (trx) => {
      const before = await findInsurance(trx, patientId, id);
      const payer = body.vendor_id ? await payerName(trx, body.vendor_id) : null;
      const name = body.name || payer || before.name;
      const after = await trx
        .updateTable('patient_insurances')
        .set({ ...body, name })
        .where('id', '=', id)
        .returning(STORED)
        .executeTakeFirstOrThrow();
      await auditChild(trx, actorId, 'update', 'patient_insurance', patientId, { id, before, after });
      return withPayer(trx, after);
    })
    .catch(refusal(body.priority));
}

export const deleteInsurance = (db: Executor, actorId: number, patientId: number, id: number) =>
  deleteChild(db, 'patient_insurances', 'patient_insurance', actorId, patientId, (trx) =>
    findInsurance(trx, patientId, id),
  );
