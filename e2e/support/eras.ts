import type { Page } from '@playwright/test';
import { api } from './api.ts';
import { billablePatient } from './claims.ts';

export interface BilledClaim {
  patientId: number;
  invoiceId: number;
  claimId: number;
  claimNumber: string;
  lastName: string;
  payer: { id: number; name: string };
  lines: { service_id: number; charge: number; date_from: string }[];
}

/** A billable patient's invoice with its claim created through the claims API. */
export async function billedClaim(page: Page, lastName: string): Promise<BilledClaim> {
  const patient = await billablePatient(page, lastName);
  const invoices = await api<{ results: { id: number }[] }>(page, 'GET', `/invoices/?search=${lastName}`);
  const invoiceId = invoices.results[0]!.id;
  const invoice = await api<{ services: { product: { id: number } }[] }>(page, 'GET', `/invoices/${invoiceId}/`);
  for (const s of invoice.services)
    await api(page, 'PATCH', `/products/${s.product.id}/`, { hcpcs_code: 'E0601', modifiers: ['NU'] });
  const created = await api<{ created: { id: number }[] }>(page, 'POST', '/claims/', { invoice_ids: [invoiceId] });
  const claimId = created.created[0]!.id;
  const claim = await api<{ claim_number: string; lines: BilledClaim['lines'] }>(page, 'GET', `/claims/${claimId}/`);
  return { ...patient, invoiceId, claimId, claimNumber: claim.claim_number, lastName, lines: claim.lines };
}

const d8 = (iso: string) => iso.replaceAll('-', '');
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The 835 a payer answers, written here by hand as a payer's system would: each line of a paid
 * claim at 80% of an allowed 80% of its charge (CO-45 and PR-2 coinsurance for the rest), every
 * line of a denied claim refused (CO-16 with remark M51).
 */
export function answer835(claims: { claim: BilledClaim; denied: boolean }[], trace: string): string {
  let total = 0;
  const blocks = claims.flatMap(({ claim, denied }) => {
    let charge = 0;
    let paid = 0;
    const lines = claim.lines.flatMap((l) => {
      const c = Math.round(l.charge * 100);
      charge += c;
      if (denied)
        return [
          `SVC*HC:E0601:NU*${money(c)}*0**1`,
          `DTM*472*${d8(l.date_from)}`,
          `CAS*CO*16*${money(c)}`,
          `REF*6R*${l.service_id}`,
          'LQ*HE*M51',
        ];
      const allowed = Math.round(c * 0.8);
      const p = Math.round(allowed * 0.8);
      paid += p;
      return [
        `SVC*HC:E0601:NU*${money(c)}*${money(p)}**1`,
        `DTM*472*${d8(l.date_from)}`,
        `CAS*CO*45*${money(c - allowed)}`,
        `CAS*PR*2*${money(allowed - p)}`,
        `REF*6R*${l.service_id}`,
        `AMT*B6*${money(allowed)}`,
      ];
    });
    total += paid;
    return [
      `CLP*${claim.claimNumber}*${denied ? 4 : 1}*${money(charge)}*${money(paid)}**MB*2630${claim.invoiceId}`,
      `NM1*QC*1*${claim.lastName.toUpperCase()}*ROSE****MI*1EG4TE5MK72`,
      ...lines,
    ];
  });
  const payer = claims[0]!.claim.payer.name.toUpperCase();
  const body = [
    'ST*835*0001',
    `BPR*I*${money(total)}*C*ACH*CCP*01*999999999*DA*123456*1512345678**01*999988880*DA*98765*20261120`,
    `TRN*1*${trace}*1512345678`,
    'DTM*405*20261120',
    `N1*PR*${payer}`,
    'N3*PO BOX 6727',
    'N4*FARGO*ND*58108',
    'REF*2U*DMEJD',
    'PER*BL*EDI SUPPORT*TE*8005550199',
    'N1*PE*PRAIRIE HOME MEDICAL*XX*1234567893',
    'LX*1',
    ...blocks,
  ];
  const icn = String(Math.floor(Math.random() * 899_999_999) + 100_000_000);
  const isa = `ISA*00*          *00*          *ZZ*DMEJD          *ZZ*PHM001         *261120*1200*^*00501*${icn}*0*T*:`;
  return [
    isa,
    `GS*HP*DMEJD*PHM001*20261120*1200*${icn}*X*005010X221A1`,
    ...body,
    `SE*${body.length + 1}*0001`,
    'GE*1*777',
    'IEA*1*000000777',
  ]
    .map((s) => `${s}~`)
    .join('\n');
}
