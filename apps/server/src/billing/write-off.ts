import { sql } from 'kysely';
import {
  BILLING_MESSAGES,
  entryChanges,
  storedOutstanding,
  writeOffProblems,
  writtenOffOutstanding,
  type WriteOffBody,
  type WriteOffResult,
} from '@dme/shared';
import type { Db, Trx } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { validation, type FieldErrors } from '../lib/errors.ts';
import { getInvoice } from './invoices.ts';

/**
 * POST /services-write-off/: each entry states the values a service should end with. In one
 * transaction the services are locked in id order (so two write-offs touching the same
 * services queue instead of deadlocking), every entry is judged against the stored amounts by
 * the shared rule, and only then are the changed services written and audited. An entry equal
 * to the stored values changes nothing: a repeated write-off is answered 200 and applied once.
 */
export function writeOffServices(db: Db, actorId: number, body: WriteOffBody): Promise<WriteOffResult> {
  return db.transaction().execute((trx) => applyWriteOff(trx, actorId, body));
}

/** The write-off inside a caller's transaction (a denial's write-off changes the denial with it). */
export async function applyWriteOff(trx: Trx, actorId: number, body: WriteOffBody): Promise<WriteOffResult> {
  const ids = body.services.map((s) => s.id).sort((a, b) => a - b);
  const rows = await trx
    .selectFrom('services')
    .select([
      'id',
      'ocurrence_id',
      'sale_price',
      'adjusted_sale_price',
      'added_percentage',
      'quantity as amount_remmited',
      'tax_amount',
      'outstanding',
      'remitted',
      'amount_ajusted',
      'write_off',
    ])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  const invoices = await trx
    .selectFrom('invoices')
    .select(['id', 'ocurrence_id'])
    .where('ocurrence_id', 'in', rows.length ? [...new Set(rows.map((r) => r.ocurrence_id))] : [0])
    .execute();
  const invoiceOf = new Map(invoices.map((i) => [i.ocurrence_id, i.id]));
  const byId = new Map(rows.map((r) => [r.id, r]));

  const errors: FieldErrors = {};
  const changes: { entry: WriteOffBody['services'][number]; stored: (typeof rows)[number] }[] = [];
  body.services.forEach((entry, i) => {
    const stored = byId.get(entry.id);
    if (!stored || !invoiceOf.has(stored.ocurrence_id)) {
      errors[`services.${i}.id`] = [BILLING_MESSAGES.serviceNotInvoiced];
      return;
    }
    const problems = writeOffProblems(stored, entry);
    for (const [field, message] of Object.entries(problems)) errors[`services.${i}.${field}`] = [message];
    if (Object.keys(problems).length === 0 && entryChanges(stored, entry)) changes.push({ entry, stored });
  });
  if (Object.keys(errors).length > 0) throw validation(errors);

  for (const { entry, stored } of changes.sort((a, b) => a.entry.id - b.entry.id)) {
    await trx
      .updateTable('services')
      .set({ outstanding: writtenOffOutstanding(stored, entry), write_off: entry.write_off, updated_at: sql`now()` })
      .where('id', '=', entry.id)
      .execute();
    await audit(trx, {
      userId: actorId,
      action: 'update',
      entity: 'service_write_off',
      entityId: entry.id,
      before: {
        invoice_id: invoiceOf.get(stored.ocurrence_id),
        outstanding: storedOutstanding(stored),
        write_off: stored.write_off,
      },
      after: {
        invoice_id: invoiceOf.get(stored.ocurrence_id),
        outstanding: writtenOffOutstanding(stored, entry),
        write_off: entry.write_off,
      },
    });
  }

  const touched = [...new Set(rows.map((r) => invoiceOf.get(r.ocurrence_id)!))].sort((a, b) => a - b);
  const result = [];
  for (const id of touched) result.push(await getInvoice(trx, id));
  return { invoices: result };
}
