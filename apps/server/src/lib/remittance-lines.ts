import { describeAdjustment, describeRarc, type RemittanceLine } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import type { Adjustment } from './x12/remittance-file.ts';
import { centsOfX12 } from './x12/values.ts';

/** CAS adjustments and RARC remarks as the screens show them: codes, amounts and plain words. */
export const adjustmentsOut = (list: readonly Adjustment[]) =>
  list.map((a) => ({
    group: a.group,
    reason: a.reason,
    amount: (centsOfX12(a.amount) ?? 0) / 100,
    description: describeAdjustment(a.group, a.reason),
  }));

export const remarksOut = (codes: readonly string[]) =>
  codes.map((code) => ({ code, description: describeRarc(code) }));

/** What the invoice and claim screens show of the 835 lines posted on them, oldest first. */
export async function remittanceLines(
  db: Executor,
  where: { invoiceId: number } | { claimId: number },
): Promise<RemittanceLine[]> {
  const rows = await db
    .selectFrom('remittance_payment_lines as l')
    .innerJoin('remittance_payments as rp', 'rp.id', 'l.payment_id')
    .innerJoin('eras as e', 'e.id', 'rp.era_id')
    .innerJoin('services as s', 's.id', 'l.service_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('claims as c', 'c.id', 'rp.claim_id')
    .select([
      'e.id as era_id',
      'e.check_number',
      'e.payer_name',
      'c.claim_number',
      'l.service_id',
      'p.hcpcs_code',
      'l.applied',
      'l.adjusted',
      'l.patient_responsibility',
      'l.adjustments',
      'l.remarks',
      'l.denied',
      'rp.created_at',
    ])
    .$if('invoiceId' in where, (q) => q.where('rp.invoice_id', '=', (where as { invoiceId: number }).invoiceId))
    .$if('claimId' in where, (q) => q.where('rp.claim_id', '=', (where as { claimId: number }).claimId))
    .orderBy('rp.id')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    era_id: r.era_id,
    check_number: r.check_number,
    payer: r.payer_name,
    claim_number: r.claim_number ?? '',
    service_id: r.service_id,
    hcpcs: r.hcpcs_code,
    paid: Number(r.applied),
    adjusted: Number(r.adjusted),
    patient_responsibility: Number(r.patient_responsibility),
    adjustments: adjustmentsOut(r.adjustments as Adjustment[]),
    remarks: remarksOut(r.remarks as string[]),
    state: r.denied ? 'denied' : Number(r.applied) < 0 || Number(r.adjusted) < 0 ? 'reversed' : 'posted',
    posted: r.created_at.toISOString(),
  }));
}
