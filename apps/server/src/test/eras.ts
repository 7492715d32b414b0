import type { Era } from '@dme/shared';
import type { Adjustment, RemittanceClaim, RemittanceTransaction } from '../lib/x12/remittance-file.ts';
import { writeRemittance } from '../lib/x12/write-835.ts';
import { moneyText } from '../lib/x12/values.ts';
import { auth, type TestContext } from './helper.ts';
import { multipart } from './multipart.ts';

/**
 * 835s written for the tests: what a payer would answer to the product's claims, with the
 * amounts each test chooses, and their upload through POST /api/eras/.
 */

export interface LineAnswer {
  serviceId: number | string;
  hcpcs?: string;
  modifiers?: string[];
  date?: string;
  charge: number;
  paid: number;
  adjustments?: [group: string, reason: string, cents: number][];
  remarks?: string[];
}

export interface ClaimAnswer {
  claimNumber: string;
  statusCode?: string;
  payerClaimNumber?: string;
  lines: LineAnswer[];
  claimAdjustments?: [group: string, reason: string, cents: number][];
  crossover?: { name: string; id: string };
  patient?: { firstName: string; lastName: string };
}

const cas = (list: LineAnswer['adjustments'] = []): Adjustment[] =>
  list.map(([group, reason, cents]) => ({ group, reason, amount: moneyText(cents) }));

/** One transaction answering `claims`, amounts in cents; BPR02 is the sum of the claims' payments. */
export function answerTransaction(
  claims: ClaimAnswer[],
  opts: { checkNumber?: string; payerName?: string; payerId?: string; controlNumber?: string; date?: string } = {},
): RemittanceTransaction {
  const remittanceClaims: RemittanceClaim[] = claims.map((c) => {
    const sign = c.statusCode === '22' ? -1 : 1;
    const lines = c.lines.map((l) => ({
      hcpcs: l.hcpcs ?? 'E0601',
      modifiers: l.modifiers ?? ['NU'],
      charge: moneyText(sign * l.charge),
      paid: moneyText(sign * l.paid),
      units: '1',
      serviceDate: l.date ?? '2026-03-02',
      serviceDateTo: '',
      lineControlNumber: String(l.serviceId),
      allowed: '',
      adjustments: cas((l.adjustments ?? []).map(([g, r, cents]) => [g, r, sign * cents])),
      remarks: l.remarks ?? [],
    }));
    const claimAdjustments = c.claimAdjustments ?? [];
    const charge = c.lines.reduce((s, l) => s + l.charge, 0);
    const paid = c.lines.reduce((s, l) => s + l.paid, 0) - claimAdjustments.reduce((s, [, , a]) => s + a, 0);
    const patient = c.lines
      .flatMap((l) => l.adjustments ?? [])
      .filter(([g]) => g === 'PR')
      .reduce((s, [, , a]) => s + a, 0);
    return {
      claimNumber: c.claimNumber,
      statusCode: c.statusCode ?? '1',
      charge: moneyText(sign * charge),
      paid: moneyText(sign * paid),
      patientResponsibility: patient ? moneyText(sign * patient) : '',
      filingIndicator: 'MB',
      payerClaimNumber: c.payerClaimNumber ?? `PCN${c.claimNumber.replace(/\D/g, '')}`,
      patient: {
        firstName: c.patient?.firstName ?? 'ROSE',
        lastName: c.patient?.lastName ?? 'PATIENT',
        memberId: '1EG4TE5MK72',
      },
      crossoverPayer: c.crossover ?? null,
      adjustments: cas(claimAdjustments.map(([g, r, a]) => [g, r, sign * a])),
      remarks: [],
      serviceDateFrom: '',
      serviceDateTo: '',
      lines,
    };
  });
  const total = claims.reduce(
    (s, c) =>
      s +
      (c.statusCode === '22' ? -1 : 1) *
        (c.lines.reduce((t, l) => t + l.paid, 0) - (c.claimAdjustments ?? []).reduce((t, [, , a]) => t + a, 0)),
    0,
  );
  return {
    controlNumber: opts.controlNumber ?? '0001',
    handling: 'I',
    totalPaid: moneyText(total),
    creditDebit: 'C',
    paymentMethod: 'ACH',
    paymentDate: opts.date ?? '2026-04-01',
    checkNumber: opts.checkNumber ?? `EFT${Math.floor(Math.random() * 1e9)}`,
    originatorId: '1512345678',
    payer: {
      name: opts.payerName ?? 'NORIDIAN JURISDICTION D',
      id: opts.payerId ?? 'DMEJD',
      address1: 'PO BOX 6727',
      city: 'FARGO',
      state: 'ND',
      zip: '58108',
    },
    payee: { name: 'PRAIRIE HOME MEDICAL', id: '1234567893' },
    claims: remittanceClaims,
    providerAdjustments: [],
  };
}

let interchange = 1000;

/** The 835 text of some transactions, in a fresh interchange. */
export function remittanceText(transactions: RemittanceTransaction[], controlNumber = ++interchange): string {
  return writeRemittance(
    { senderId: 'NORIDIAN', receiverId: 'PHM001', controlNumber, production: false, createdAt: new Date() },
    transactions,
  );
}

export function uploadEra(t: TestContext, text: string, token = t.adminToken) {
  const body = multipart([
    { name: 'file', filename: 'payment.835', contentType: 'text/plain', data: Buffer.from(text) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/eras/',
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

export async function importEra(t: TestContext, text: string): Promise<Era[]> {
  const res = await uploadEra(t, text);
  if (res.statusCode !== 201) throw new Error(`import answered ${res.statusCode}: ${res.body}`);
  return res.json<Era[]>();
}
