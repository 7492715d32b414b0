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

export async function settleClaim(ctx: PostingContext, stored: StoredClaim, invoice: MatchedInvoice): Promise<void> {
  if (invoice.claimId === null) return;
  const status = statusAfter(stored);
  const payerNumber = stored.claim.payerClaimNumber.trim();
  if (status === null && payerNumber === '') return;
  const claim = await ctx.trx
    .updateTable('claims')
    .set({
      ...(status && { status }),
      ...(payerNumber && { payer_claim_number: payerNumber.slice(0, 50) }),
      updated_at: sql`now()`,
    })
    .where('id', '=', invoice.claimId)
    .returning(['priority', 'status'])
    .executeTakeFirstOrThrow();
  if (status)
    await ctx.trx
      .insertInto('claim_events')
      .values({ claim_id: invoice.claimId, status, reason: reasonOf(ctx, stored, status), user_id: ctx.userId })
      .execute();
  if (status === 'paid' || status === 'partially_paid') await offerNextCoverage(ctx, invoice, claim.priority);
}

/** A balance left after a payer paid, and a next coverage: the invoice is ready to bill it. */
async function offerNextCoverage(ctx: PostingContext, invoice: MatchedInvoice, priority: number): Promise<void> {
  if (priority >= 3) return;
  const next = await ctx.trx
    .selectFrom('invoices as i')
    .select('i.id')
    .where('i.id', '=', invoice.invoiceId)
    .where('i.balance', '>', '0')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('patient_insurances as pi')
          .select('pi.id')
          .where('pi.patient_id', '=', invoice.patientId)
          .where('pi.priority', '=', priority + 1)
          .where('pi.vendor_id', 'is not', null),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('claims as c')
            .select('c.id')
            .whereRef('c.invoice_id', '=', 'i.id')
            .where('c.priority', '>', priority)
            .where('c.status', '<>', 'rejected'),
        ),
      ),
    )
    .executeTakeFirst();
  if (next)
    await ctx.trx.updateTable('invoices').set({ claim_open: false }).where('id', '=', invoice.invoiceId).execute();
}
