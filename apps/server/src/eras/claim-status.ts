import { sql } from 'kysely';
import type { ClaimStatusColumn } from '../db/tables/claims.ts';
import { cents, money, type MatchedInvoice, type PostingContext } from './posting.ts';
import type { StoredClaim } from '../lib/era-detail.ts';

/**
 * A claim's status follows its remittance: paid, partially paid, denied, crossed over to another
 * payer, or reversed, with a history line naming the ERA. When a payment leaves a balance and the
 * patient has a next coverage, the invoice goes back to Ready to Bill for it.
 */

const FORWARDED = new Set(['19', '20', '21']);

export function statusAfter(stored: StoredClaim): ClaimStatusColumn | null {
  const { statusCode } = stored.claim;
  if (stored.state === 'reversed') return 'reversed';
  if (FORWARDED.has(statusCode) && stored.claim.crossoverPayer) return 'crossed_over';
  if (statusCode === '25') return null;
  const denied = stored.state === 'denied' || stored.lines.some((l) => l.state === 'denied');
  const paid = stored.posted > 0 || stored.lines.some((l) => l.state === 'posted');
  if (statusCode === '4' || (denied && !paid)) return 'denied';
  if (denied) return 'partially_paid';
  if (paid || stored.lines.some((l) => l.state === 'posted')) return 'paid';
  return null;
}

function reasonOf(ctx: PostingContext, stored: StoredClaim, status: ClaimStatusColumn): string {
  const head = `Remittance ${ctx.eraId} (${ctx.payerName}, payment ${ctx.checkNumber})`;
  if (status === 'reversed') return `${head}: reversed the earlier payment (${money(stored.posted)})`;
  const parts = [`paid ${money(cents(stored.claim.paid))}`];
  const patient = stored.lines.reduce((s, l) => s + l.patientResponsibility, 0);
  if (patient > 0) parts.push(`patient responsibility ${money(patient)}`);
  const denied = stored.lines.filter((l) => l.state === 'denied').length;
  if (denied > 0) parts.push(`${denied} line${denied === 1 ? '' : 's'} denied`);
  if (stored.state === 'denied' && stored.lines.length === 0) parts.push('the claim was denied');
  if (status === 'crossed_over') parts.push(`crossed over to ${stored.claim.crossoverPayer?.name || 'another payer'}`);
  return `${head}: ${parts.join(', ')}`;
}

/** The claim's status and payer number as this ERA leaves them, queued for writeClaimUpdates. */
export function settleClaim(ctx: PostingContext, stored: StoredClaim, invoice: MatchedInvoice): void {
  if (invoice.claimId === null) return;
  const status = statusAfter(stored);
  const payerNumber = stored.claim.payerClaimNumber.trim().slice(0, 50);
  if (status === null && payerNumber === '') return;
  const known = ctx.claims.get(invoice.claimId);
  if (known) {
    if (status) known.status = status;
    if (payerNumber) known.payerClaimNumber = payerNumber;
  }
  ctx.claimUpdates.push({
    claimId: invoice.claimId,
    status,
    payerNumber,
    reason: status ? reasonOf(ctx, stored, status) : '',
  });
}

/**
 * Writes the queued claim changes in a few statements: each claim's final status and payer
 * number, a history line per answer, and the invoices that go back to Ready to Bill for the
 * patient's next coverage (a balance left after a payer paid).
 */
export async function writeClaimUpdates(ctx: PostingContext): Promise<void> {
  const updates = ctx.claimUpdates;
  if (updates.length === 0) return;
  ctx.claimUpdates = [];
  const final = new Map<number, { status: string | null; payerNumber: string }>();
  for (const u of updates) {
    const f = final.get(u.claimId) ?? { status: null, payerNumber: '' };
    if (u.status) f.status = u.status;
    if (u.payerNumber) f.payerNumber = u.payerNumber;
    final.set(u.claimId, f);
  }
  const rows = [...final].sort(([a], [b]) => a - b);
  const values = sql.join(
    rows.map(([id, f]) => sql`(${id}::int, ${f.status}::text, ${f.payerNumber === '' ? null : f.payerNumber}::text)`),
  );
  await sql`UPDATE claims c SET status = coalesce(v.status, c.status),
      payer_claim_number = coalesce(v.payer, c.payer_claim_number), updated_at = now()
    FROM (VALUES ${values}) AS v(id, status, payer) WHERE c.id = v.id`.execute(ctx.trx);
  const events = updates.filter((u) => u.status !== null);
  if (events.length)
    await ctx.trx
      .insertInto('claim_events')
      .values(events.map((u) => ({ claim_id: u.claimId, status: u.status!, reason: u.reason, user_id: ctx.userId })))
      .execute();
  const paid = rows.flatMap(([id, f]) => {
    const claim = ctx.claims.get(id);
    return claim && (f.status === 'paid' || f.status === 'partially_paid') && claim.priority < 3 ? [claim] : [];
  });
  if (paid.length === 0) return;
  const offers = sql.join(paid.map((c) => sql`(${c.invoiceId}::int, ${c.patientId}::int, ${c.priority}::int)`));
  // A balance left, a next coverage with a payer, and no claim for a later coverage yet.
  await sql`UPDATE invoices i SET claim_open = false
    FROM (VALUES ${offers}) AS v(invoice_id, patient_id, priority)
    WHERE i.id = v.invoice_id AND i.balance > 0
      AND EXISTS (SELECT 1 FROM patient_insurances pi WHERE pi.patient_id = v.patient_id
                  AND pi.priority = v.priority + 1 AND pi.vendor_id IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.invoice_id = i.id AND c.priority > v.priority
                      AND c.status <> 'rejected')`.execute(ctx.trx);
}
