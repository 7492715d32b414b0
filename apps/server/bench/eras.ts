import type { BenchContext, BenchRow } from './harness.ts';
import { measure, get } from './harness.ts';
import { prepare, timed } from './claims.ts';
import type { RemittanceClaim, RemittanceTransaction } from '../src/lib/x12/remittance-file.ts';
import { writeRemittance } from '../src/lib/x12/write-835.ts';
import { moneyText } from '../src/lib/x12/values.ts';

/** Lines the budget's ERA holds. */
const LINES = 10_000;

/**
 * Electronic remittance (issue 32): one 835 answering claims with 10,000 lines in all (80% of
 * each charge paid, CO-45 and PR-2 for the rest; every 50th line denied), imported and posted
 * through the API and timed with the server's peak memory; then the lists. Claims are made first
 * (through the API) until there are enough lines.
 */
export async function benchEras(ctx: BenchContext): Promise<BenchRow[]> {
  const query = ctx.query;
  if (!query) return [];
  const lines = () =>
    query<{
      id: number;
      claim_number: string;
      service_id: number;
      hcpcs_code: string;
      modifiers: string[];
      charge: string;
      date_from: string;
    }>(
      `SELECT c.id, c.claim_number, l.service_id, l.hcpcs_code, l.modifiers, l.charge::text, l.date_from::text
         FROM claims c JOIN claim_lines l ON l.claim_id = c.id
        WHERE c.status IN ('created', 'submitted')
        ORDER BY c.id, l.line_number LIMIT $1`,
      [LINES],
    );
  let rows = await lines();
  for (let round = 0; rows.length < LINES && round < 4; round++) {
    const invoices = await prepare(query, 5000);
    await fetch(`${ctx.baseUrl}/api/claims/`, {
      method: 'POST',
      headers: { authorization: `JWT ${ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ invoice_ids: invoices }),
    });
    rows = await lines();
  }
  // Whole claims only: the last claim may have been cut by the limit.
  const lastClaim = rows.at(-1)?.id;
  const whole = rows.length === LINES ? rows.filter((r) => r.id !== lastClaim) : rows;
  const byClaim = new Map<number, typeof whole>();
  for (const r of whole) byClaim.set(r.id, [...(byClaim.get(r.id) ?? []), r]);
  let n = 0;
  const cents = (text: string) => Math.round(Number(text) * 100);
  const claims: RemittanceClaim[] = [...byClaim.values()].map((ls) => {
    const answered = ls.map((l) => {
      const charge = cents(l.charge);
      const denied = ++n % 50 === 0;
      const allowed = Math.round(charge * 0.8);
      const paid = denied ? 0 : Math.round(allowed * 0.8);
      return {
        hcpcs: l.hcpcs_code,
        modifiers: l.modifiers,
        charge: moneyText(charge),
        paid: moneyText(paid),
        units: '1',
        serviceDate: l.date_from,
        serviceDateTo: '',
        lineControlNumber: String(l.service_id),
        allowed: moneyText(allowed),
        adjustments: denied
          ? [{ group: 'CO', reason: '16', amount: moneyText(charge) }]
          : [
              { group: 'CO', reason: '45', amount: moneyText(charge - allowed) },
              { group: 'PR', reason: '2', amount: moneyText(allowed - paid) },
            ],
        remarks: denied ? ['M51'] : [],
      };
    });
    const sum = (pick: (a: (typeof answered)[number]) => string) => answered.reduce((s, a) => s + cents(pick(a)), 0);
    return {
      claimNumber: ls[0]!.claim_number,
      statusCode: '1',
      charge: moneyText(sum((a) => a.charge)),
      paid: moneyText(sum((a) => a.paid)),
      patientResponsibility: '',
      filingIndicator: 'MB',
      payerClaimNumber: `B${ls[0]!.id}`,
      patient: { firstName: 'BENCH', lastName: 'PATIENT', memberId: 'M1' },
      crossoverPayer: null,
      adjustments: [],
      remarks: [],
      serviceDateFrom: '',
      serviceDateTo: '',
      lines: answered,
    };
  });
  const total = claims.reduce((s, c) => s + cents(c.paid), 0);
  const transaction: RemittanceTransaction = {
    controlNumber: '0001',
    handling: 'I',
    totalPaid: moneyText(total),
    creditDebit: 'C',
    paymentMethod: 'ACH',
    paymentDate: '2026-11-27',
    checkNumber: `BENCH${Date.now()}`,
    originatorId: '1999999999',
    payer: { name: 'Bench Medicare DME', id: 'BENCH', address1: '', city: '', state: '', zip: '' },
    payee: { name: 'Bench Medical Supply', id: '1234567893' },
    claims,
    providerAdjustments: [],
  };
  const text = writeRemittance(
    {
      senderId: 'BENCH',
      receiverId: 'BENCH01',
      controlNumber: Date.now() % 1e9,
      production: false,
      createdAt: new Date(),
    },
    [transaction],
  );
  const lineCount = claims.reduce((s, c) => s + c.lines.length, 0);
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), 'bench.835');
  const posted = await timed(`POST /api/eras/ (${lineCount.toLocaleString('en-US')} lines)`, ctx, () =>
    fetch(`${ctx.baseUrl}/api/eras/`, { method: 'POST', headers: { authorization: `JWT ${ctx.token}` }, body: form }),
  );
  const era = (posted.body as { id: number; posted_total: number; unmatched_total: number }[])[0];
  if (era) posted.row.note = `posted ${era.posted_total.toFixed(2)}, unmatched ${era.unmatched_total.toFixed(2)}`;
  return [
    posted.row,
    await measure('GET /api/eras/ (page 1)', 30, () => get(ctx, '/api/eras/')),
    await measure('GET /api/denials/ (page 1)', 30, () => get(ctx, '/api/denials/')),
    ...(era ? [await measure('GET /api/eras/{id}/ (10,000 lines)', 5, () => get(ctx, `/api/eras/${era.id}/`))] : []),
  ];
}
