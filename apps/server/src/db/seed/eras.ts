import type { Db } from '../database.ts';
import { importRemittance } from '../../eras/import.ts';
import type { RemittanceClaim, RemittanceTransaction } from '../../lib/x12/remittance-file.ts';
import { writeRemittance } from '../../lib/x12/write-835.ts';
import { moneyText } from '../../lib/x12/values.ts';
import type { ClaimSnapshot } from '../../claims/claims.ts';
import { centsOfNumeric } from '../../lib/cents.ts';
import { todayWire } from '@dme/shared';

/**
 * The demo office's remittance file: the payer of the most submitted claims answers a few of
 * them in an 835, imported through the code a clerk uses: most lines paid at 80% of an allowed
 * amount (CO-45 for the rest of the charge, PR-2 coinsurance), one line denied (CO-16, M51), so
 * Remittance Files, Denials and the invoices' patient balances all have something to show.
 */
export async function seedDemoRemittanceFiles(db: Db): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('username', '=', 'jwilson').executeTakeFirst();
  if (!user) return;
  const submitted = await db
    .selectFrom('claims as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendor_id')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .select(['c.id', 'c.claim_number', 'c.vendor_id', 'c.snapshot', 'v.name', 'v.payer_id'])
    .where('c.status', '=', 'submitted')
    // Invoices nothing was paid on yet: the payer's answer fits what they owe.
    .where('i.remitted', '=', '0')
    .orderBy('c.id')
    .execute();
  const byVendor = new Map<number, typeof submitted>();
  for (const c of submitted) byVendor.set(c.vendor_id, [...(byVendor.get(c.vendor_id) ?? []), c]);
  const answered = [...byVendor.values()].sort((a, b) => b.length - a.length)[0]?.slice(0, 6) ?? [];
  if (answered.length === 0) return;
  const claims: RemittanceClaim[] = answered.map((c, k) => {
    const snapshot = (c.snapshot as ClaimSnapshot).claim;
    const denied = k === answered.length - 1;
    const lines = snapshot.lines.map((l, i) => {
      const charge = centsOfNumeric(l.charge);
      const allowed = Math.round(charge * 0.8);
      const paid = denied && i === 0 ? 0 : Math.round(allowed * 0.8);
      const adjustments =
        denied && i === 0
          ? [{ group: 'CO', reason: '16', amount: moneyText(charge) }]
          : [
              { group: 'CO', reason: '45', amount: moneyText(charge - allowed) },
              { group: 'PR', reason: '2', amount: moneyText(allowed - paid) },
            ];
      return {
        hcpcs: l.hcpcs,
        modifiers: l.modifiers,
        charge: moneyText(charge),
        paid: moneyText(paid),
        units: String(l.units),
        serviceDate: l.dateFrom,
        serviceDateTo: l.dateTo === l.dateFrom ? '' : l.dateTo,
        lineControlNumber: l.lineControlNumber,
        allowed: denied && i === 0 ? '' : moneyText(allowed),
        adjustments,
        remarks: denied && i === 0 ? ['M51'] : [],
      };
    });
    const sum = (pick: (l: (typeof lines)[number]) => string) => lines.reduce((s, l) => s + centsOfNumeric(pick(l)), 0);
    const patient = lines.reduce(
      (s, l) => s + l.adjustments.filter((a) => a.group === 'PR').reduce((t, a) => t + centsOfNumeric(a.amount), 0),
      0,
    );
    return {
      claimNumber: c.claim_number,
      statusCode: sum((l) => l.paid) === 0 ? '4' : '1',
      charge: moneyText(sum((l) => l.charge)),
      paid: moneyText(sum((l) => l.paid)),
      patientResponsibility: moneyText(patient),
      filingIndicator: snapshot.filingIndicator,
      payerClaimNumber: `26${String(331000 + c.id).padStart(11, '0')}`,
      patient: {
        firstName: snapshot.subscriber.firstName,
        lastName: snapshot.subscriber.lastName,
        memberId: snapshot.memberId,
      },
      crossoverPayer: null,
      adjustments: [],
      remarks: [],
      serviceDateFrom: '',
      serviceDateTo: '',
      lines,
    };
  });
  const total = claims.reduce((s, c) => s + centsOfNumeric(c.paid), 0);
  const office = await db.selectFrom('billing_settings').select(['organization_name', 'npi']).executeTakeFirst();
  const first = answered[0]!;
  const transaction: RemittanceTransaction = {
    controlNumber: '0001',
    handling: 'I',
    totalPaid: moneyText(total),
    creditDebit: 'C',
    paymentMethod: 'ACH',
    paymentDate: todayWire(),
    checkNumber: `EFT${todayWire().replaceAll('-', '')}${first.vendor_id}`,
    originatorId: '1999999999',
    payer: { name: first.name, id: first.payer_id, address1: '', city: '', state: '', zip: '' },
    payee: { name: office?.organization_name || 'Demo DME Office', id: office?.npi || '1234567893' },
    claims,
    providerAdjustments: [],
  };
  const text = writeRemittance(
    {
      senderId: first.payer_id || 'PAYER',
      receiverId: 'DEMO',
      controlNumber: 1,
      production: false,
      createdAt: new Date(),
    },
    [transaction],
  );
  await importRemittance(db, user.id, `${first.payer_id || 'payer'}-remittance.835`, text);
}
