import { npiCheckDigit } from '@dme/shared';
import type { ClaimFile, ClaimLineX12, ClaimX12, Person } from './claim-file.ts';

const npi = (nine: string) => `${nine}${npiCheckDigit(nine)}`;

/** Products a DME office bills: a rented concentrator, a CPAP, supplies sold by the unit. */
const PRODUCTS = [
  { hcpcs: 'E1390', modifiers: ['RR', 'KH'], charge: '235.50', rental: true },
  { hcpcs: 'E0601', modifiers: ['RR', 'KJ'], charge: '98.25', rental: true },
  { hcpcs: 'A7030', modifiers: ['NU'], charge: '120.00', rental: false },
  { hcpcs: 'A4253', modifiers: [], charge: '42.10', rental: false },
];
const DIAGNOSES = ['J449', 'G4733', 'E119', 'I10', 'R0902'];

/**
 * A valid ClaimFile of `claimCount` claims with `linesPerClaim` lines each, the same for the
 * same arguments: the bench's 1,000-claim batch and the writer's tests. Every fourth claim bills
 * a spouse under the insured's policy, every fifth replaces an earlier claim.
 */
export function sampleClaimFile(claimCount: number, linesPerClaim = 3, controlNumber = 1): ClaimFile {
  return {
    header: { controlNumber, production: false, createdAt: new Date(2026, 2, 14, 9, 30), reference: 'BATCH1' },
    submitter: { name: 'Sunrise Medical Supply', id: 'SUNRISE01', contactName: 'Ana Ruiz', contactPhone: '3055550100' },
    receiver: { name: 'Example Clearinghouse', id: 'CLEARHOUSE' },
    billingProvider: {
      organizationName: 'Sunrise Medical Supply LLC',
      npi: npi('123456789'),
      taxId: '591234567',
      taxonomyCode: '332B00000X',
      address1: '100 Main Street',
      address2: 'Suite 4',
      city: 'Miami',
      state: 'FL',
      zip: '331301234',
      phone: '3055550100',
    },
    claims: Array.from({ length: claimCount }, (_, i) => sampleClaim(i, linesPerClaim)),
  };
}

function person(first: string, last: string, birthdate: string, gender: Person['gender']): Person {
  return {
    firstName: first,
    middleName: '',
    lastName: last,
    address1: '12 Palm Avenue',
    address2: '',
    city: 'Miami',
    state: 'FL',
    zip: '33131',
    birthdate,
    gender,
  };
}

function sampleClaim(i: number, linesPerClaim: number): ClaimX12 {
  const number = String(i + 1).padStart(6, '0');
  const spouse = i % 4 === 3;
  const replacement = i % 5 === 4;
  const lines: ClaimLineX12[] = Array.from({ length: linesPerClaim }, (_, k) => {
    const product = PRODUCTS[(i + k) % PRODUCTS.length];
    return {
      hcpcs: product.hcpcs,
      modifiers: product.modifiers,
      charge: product.charge,
      units: product.rental ? 1 : 1 + (k % 3),
      diagnosisPointers: k === 0 ? [1, 2] : [1],
      dateFrom: '2026-02-01',
      dateTo: product.rental ? '2026-02-28' : '2026-02-01',
      lineControlNumber: `S${number}${k + 1}`,
    };
  });
  return {
    claimNumber: `C${number}`,
    frequency: replacement ? 7 : 1,
    originalClaimNumber: replacement ? `P${number}` : null,
    placeOfService: '12',
    priority: 1,
    filingIndicator: i % 2 === 0 ? 'MB' : 'CI',
    groupNumber: i % 2 === 0 ? '' : `GRP${number}`,
    relationship: spouse ? '01' : '18',
    subscriber: person('Maria', `Lopez${number}`, '1948-05-17', 'F'),
    memberId: `1EG4TE5MK${String(i % 100).padStart(2, '0')}`,
    patient: spouse ? person('Jose', `Lopez${number}`, '1946-11-02', 'M') : null,
    payer: i % 2 === 0 ? { name: 'Medicare DME', payerId: '16013' } : { name: 'Blue Plan', payerId: 'BP123' },
    diagnoses: [DIAGNOSES[i % DIAGNOSES.length], DIAGNOSES[(i + 1) % DIAGNOSES.length]],
    orderingProvider: { firstName: 'Helen', lastName: 'Park', npi: npi('987654321') },
    lines,
  };
}
