import { sql } from 'kysely';
import {
  isEmptyLine,
  microToString,
  readPostedLine,
  REMITTANCE_MESSAGES as M,
  serviceAmounts,
  sumAmounts,
  toMicro,
  type PostedLine,
  type PostingResult,
} from '@dme/shared';
import type { z } from 'zod';
import type { originalAmountSchema, remittancePostingSchema } from '@dme/shared';
import type { Db, Trx } from '../db/database.ts';
import { audit } from '../lib/audit.ts';
import { isUniqueViolation, notFound, validation } from '../lib/errors.ts';
import { getCheck, getRemittance } from './queries.ts';
import { expectedAllowed } from '../lib/pricing.ts';

/** Write side of the remittance area: posting a check, reverting a payment, the original amount. */

export interface Actor {
  userId: number;
  taxRate: number;
}

type Posting = z.output<typeof remittancePostingSchema>;
type CheckBody = Posting['checks'][number];

/** The check a posting names (vendor + number), created on first use and locked either way. */
async function lockCheck(trx: Trx, actor: Actor, body: CheckBody) {
  const vendor = await trx.selectFrom('vendors').select('id').where('id', '=', body.vendor_id).executeTakeFirst();
  if (!vendor) throw validation({ 'checks.0.vendor_id': [M.vendorRequired] });
  const find = () =>
    trx
      .selectFrom('checks')
      .selectAll()
      .where('vendor_id', '=', body.vendor_id)
      .where('check_number', '=', body.check_number)
      .forUpdate()
      .executeTakeFirst();
  let check = await find();
  if (!check) {
    // Two postings may start the same new check at once: one inserts, the other finds it.
    await trx
      .insertInto('checks')
      .values({
        vendor_id: body.vendor_id,
        check_number: body.check_number,
        check_date: body.check_date,
        total_amount: body.total_amount,
        payment_method: body.payment_method,
        memo_notes: body.memo_notes,
        user_id: actor.userId,
      })
      .onConflict((oc) => oc.constraint('checks_vendor_number_key').doNothing())
      .execute();
    check = await find();
    if (!check) throw notFound();
    await audit(trx, { userId: actor.userId, action: 'create', entity: 'check', entityId: check.id, after: check });
  } else if (check.check_date !== body.check_date || toMicro(check.total_amount) !== toMicro(body.total_amount)) {
    // The same check continues ("saved check"): its date and total cannot change on the way.
    throw validation({ 'checks.0.check_number': [M.checkMismatch] });
  }
  return check;
}

/**
 * What a payer allowed on a line posted by hand: the service's charge less the contractual
 * adjustment the clerk posted with it (the adjustment is the payer's write-down to its allowed
 * amount). Without an adjustment the posting says nothing of what was allowed (a partial payment,
 * a patient's cash): null, never an underpayment.
 */
function allowedByHand(
  before: { outstanding: string | null; remitted: string; amount_ajusted: string; write_off: string },
  line: PostedLine,
): string | null {
  if (toMicro(line.adjusted) <= 0n) return null;
  const charge = sumAmounts([before.outstanding ?? 0, before.remitted, before.amount_ajusted, before.write_off]);
  return microToString(toMicro(charge) - toMicro(before.amount_ajusted) - toMicro(line.adjusted), 2);
}

/**
 * POST /remmitance_payments/: applies one check to the services of one invoiced occurrence, in
 * one transaction. Locks the occurrence, then the check, then the services (in id order), reads
 * what each service takes from the stored and the sent amounts, refuses anything inconsistent,
 * and never lets a check's applied total pass its total. A posting that repeats one already
 * applied finds nothing left to take and is refused, so a payment is never applied twice.
 */
export async function postRemittance(db: Db, actor: Actor, body: Posting): Promise<PostingResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const occurrence = await trx
        .selectFrom('ocurrences')
        .select(['id'])
        .where('id', '=', body.ocurrence_id)
        .forUpdate()
        .executeTakeFirst();
      if (!occurrence) throw validation({ ocurrence_id: ['The occurrence does not exist'] });
      const invoice = await trx
        .selectFrom('invoices')
        .select('id')
        .where('ocurrence_id', '=', occurrence.id)
        .executeTakeFirst();
      if (!invoice) throw validation({ ocurrence_id: [M.notInvoiced] });

      const ids = body.services.map((s) => s.id);
      if (new Set(ids).size !== ids.length) throw validation({ services: [M.serviceRepeated] });
      const check = await lockCheck(trx, actor, body.checks[0]);
      const stored = await trx
        .selectFrom('services')
        .select(['id', 'ocurrence_id', 'outstanding', 'amount_ajusted', 'write_off', 'remitted'])
        .where(
          'id',
          'in',
          [...ids].sort((a, b) => a - b),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
      const byId = new Map(stored.map((s) => [s.id, s]));

      const lines: { id: number; before: (typeof stored)[number]; line: PostedLine }[] = [];
      const problems: Record<string, string[]> = {};
      body.services.forEach((sent, i) => {
        const s = byId.get(sent.id);
        if (!s || s.ocurrence_id !== occurrence.id || s.outstanding === null) {
          problems[`services.${i}.id`] = [M.serviceNotOfOccurrence];
          return;
        }
        const line = readPostedLine({ ...s, outstanding: s.outstanding }, sent);
        if (typeof line === 'string') problems[`services.${i}.outstanding`] = [line];
        else if (!isEmptyLine(line)) lines.push({ id: s.id, before: s, line });
      });
      if (Object.keys(problems).length) throw validation(problems);
      if (!lines.length) throw validation({ services: [M.noAmount] });

      const applied = sumAmounts(lines.map((l) => l.line.applied));
      const newApplied = sumAmounts([check.applied_amount, applied]);
      if (toMicro(newApplied) > toMicro(check.total_amount)) {
        throw validation({ 'checks.0.total_amount': [M.overApplied] });
      }

      const payment = await trx
        .insertInto('remittance_payments')
        .values({
          check_id: check.id,
          ocurrence_id: occurrence.id,
          invoice_id: invoice.id,
          amount_applied: applied,
          amount_adjusted: sumAmounts(lines.map((l) => l.line.adjusted)),
          write_off: sumAmounts(lines.map((l) => l.line.writtenOff)),
          user_id: actor.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // What the payer allowed (what it paid, by hand) against what was expected (issue 33).
      const expected = await expectedAllowed(
        trx,
        lines.map((l) => l.id),
      );
      await trx
        .insertInto('remittance_payment_lines')
        .values(
          lines.map((l) => ({
            payment_id: payment.id,
            service_id: l.id,
            outstanding_before: l.before.outstanding!,
            applied: l.line.applied,
            adjusted: l.line.adjusted,
            written_off: l.line.writtenOff,
            allowed: allowedByHand(l.before, l.line),
            expected: expected.get(l.id) == null ? null : String(expected.get(l.id)),
          })),
        )
        .execute();
      for (const l of lines) {
        const took = sumAmounts([l.line.applied, l.line.adjusted, l.line.writtenOff]);
        await trx
          .updateTable('services')
          .set({
            outstanding: sql`outstanding - ${took}::numeric`,
            remitted: sql`remitted + ${l.line.applied}::numeric`,
            amount_ajusted: sql`amount_ajusted + ${l.line.adjusted}::numeric`,
            write_off: sql`write_off + ${l.line.writtenOff}::numeric`,
            updated_at: sql`now()`,
          })
          .where('id', '=', l.id)
          .execute();
      }
      await trx
        .updateTable('checks')
        .set({ applied_amount: newApplied, updated_at: sql`now()` })
        .where('id', '=', check.id)
        .execute();
      await audit(trx, {
        userId: actor.userId,
        action: 'create',
        entity: 'remittance_payment',
        entityId: payment.id,
        after: { ...payment, lines: lines.map((l) => ({ service_id: l.id, ...l.line })) },
      });
      return { check: await getCheck(trx, check.id), remittance: await getRemittance(trx, occurrence.id) };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'checks_vendor_number_key')) {
      throw validation({ 'checks.0.check_number': [M.checkMismatch] });
    }
    throw err;
  }
}

/**
 * DELETE /ocurrence_payments/{id}/: undoes one payment, restoring on each service exactly what
 * the payment took, and giving the check back its amount, in one transaction.
 */
export async function revertPayment(db: Db, actor: Actor, paymentId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('remittance_payments')
      .select(['ocurrence_id', 'era_id'])
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (!found) throw notFound();
    // An 835's posting goes back with its whole ERA (eras/eras.ts), never one payment at a time.
    if (found.era_id !== null) throw validation({ payment: [M.fromRemittanceFile(found.era_id)] });
    // Same lock order as a posting: occurrence, check, services.
    await trx.selectFrom('ocurrences').select('id').where('id', '=', found.ocurrence_id).forUpdate().execute();
    const payment = await trx
      .selectFrom('remittance_payments')
      .selectAll()
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw notFound();
    const check = await trx
      .selectFrom('checks')
      .selectAll()
      .where('id', '=', payment.check_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const lines = await trx
      .selectFrom('remittance_payment_lines')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .orderBy('service_id')
      .execute();
    await trx
      .selectFrom('services')
      .select('id')
      .where(
        'id',
        'in',
        lines.map((l) => l.service_id),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const l of lines) {
      const took = sumAmounts([l.applied, l.adjusted, l.written_off]);
      await trx
        .updateTable('services')
        .set({
          outstanding: sql`outstanding + ${took}::numeric`,
          remitted: sql`remitted - ${l.applied}::numeric`,
          amount_ajusted: sql`amount_ajusted - ${l.adjusted}::numeric`,
          write_off: sql`write_off - ${l.written_off}::numeric`,
          updated_at: sql`now()`,
        })
        .where('id', '=', l.service_id)
        .execute();
    }
    await trx
      .updateTable('checks')
      .set({ applied_amount: sql`applied_amount - ${payment.amount_applied}::numeric`, updated_at: sql`now()` })
      .where('id', '=', check.id)
      .execute();
    await trx.deleteFrom('remittance_payments').where('id', '=', paymentId).execute();
    await audit(trx, {
      userId: actor.userId,
      action: 'delete',
      entity: 'remittance_payment',
      entityId: paymentId,
      before: { ...payment, lines },
    });
  });
}

export const ORIGINAL_BELOW_SETTLED = 'The new amount is less than what is already remitted, adjusted or written off';

/**
 * Update Original Amount: a shipped service's quantity and sale price. The line total and tax are
 * computed again, and the outstanding moves by the difference; an amount below what is already
 * settled is refused.
 */
export async function updateOriginalAmount(
  db: Db,
  actor: Actor,
  serviceId: number,
  body: z.output<typeof originalAmountSchema>,
): Promise<{ id: number; amount_remmited: number; sale_price: number; outstanding: number }> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('services')
      .selectAll()
      .where('id', '=', serviceId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const {
      adjusted_sale_price: adjusted,
      total,
      tax_amount: tax,
    } = serviceAmounts(
      {
        sale_price: body.sale_price,
        percentage: before.percentage,
        added_percentage: before.added_percentage,
        tax_applied: before.tax_applied,
        quantity: body.amount_remmited,
      },
      actor.taxRate,
    );
    let outstanding: string | null = null;
    if (before.outstanding !== null) {
      const delta = toMicro(sumAmounts([total, tax])) - toMicro(sumAmounts([before.total, before.tax_amount]));
      const next = toMicro(before.outstanding) + delta;
      if (next < 0n) throw validation({ sale_price: [ORIGINAL_BELOW_SETTLED] });
      outstanding = microToString(next, 2);
    }
    const after = await trx
      .updateTable('services')
      .set({
        quantity: body.amount_remmited,
        sale_price: body.sale_price,
        adjusted_sale_price: adjusted,
        total,
        tax_amount: tax,
        outstanding,
        updated_at: sql`now()`,
      })
      .where('id', '=', serviceId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: actor.userId, action: 'update', entity: 'service', entityId: serviceId, before, after });
    return {
      id: after.id,
      amount_remmited: after.quantity,
      sale_price: Number(after.sale_price),
      outstanding: Number(after.outstanding ?? 0),
    };
  });
}
