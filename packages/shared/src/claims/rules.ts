/**
 * Rules of electronic claims (issue 31): identifiers a payer's front end checks (NPI, ICD-10-CM,
 * HCPCS, modifiers), the X12 code lists the office picks from, and the claim statuses.
 */

export const CLAIM_MESSAGES = {
  npiInvalid: 'NPI is not valid',
  taxIdInvalid: 'Tax id must have 9 digits',
  taxonomyInvalid: 'Taxonomy code must have 10 characters',
  stateInvalid: 'State must be two letters',
  zipNineInvalid: 'ZIP must have 9 digits',
  zipInvalid: 'ZIP must have 5 or 9 digits',
  icd10Invalid: 'ICD-10 code is not valid (a letter, two characters, then optionally a dot and up to four more)',
  hcpcsFormat: 'HCPCS code is a letter and four digits',
  hcpcsUnknown: (code: string) => `HCPCS code ${code} is not in the CMS code list`,
  modifiersInvalid: 'Modifiers are up to four codes of two letters or digits, separated by commas',
  modifierUnknown: (code: string) => `Modifier ${code} is not in the CMS modifier list`,
  filingIndicatorInvalid: 'Choose a claim filing indicator from the list',
  relationshipInvalid: 'Choose the relationship to the insured from the list',
  priorityInvalid: 'Priority is 1 (primary), 2 (secondary) or 3 (tertiary)',
  priorityTaken: (priority: number) => `This patient already has a ${PRIORITY_WORDS[priority as 1 | 2 | 3]} insurance`,
  payerIdInvalid: 'Payer id is letters and digits, at most 80',
  payerRequired: 'Payer is required',
  payerUnknown: 'Choose a payer from the vendors list',
  subscriberGenderInvalid: 'Gender is Female, Male or Unknown',
  hcpcsFileRequired: 'Choose a HCPCS annual file',
  hcpcsImported: (codes: number, modifiers: number) =>
    `${codes} HCPCS code${codes === 1 ? '' : 's'} and ${modifiers} modifier${modifiers === 1 ? '' : 's'} imported`,
  claimIdsRequired: 'Choose at least one claim',
  invoiceIdsRequired: 'Choose at least one invoice',
  settingsSaved: 'Billing settings saved',
  claimsCreated: (n: number) => `${n} claim${n === 1 ? '' : 's'} created`,
  batchCreated: (n: number) => `Batch created with ${n} claim${n === 1 ? '' : 's'}`,
  claimNotCreated: 'This claim was already sent: only a created claim goes in a new batch',
  ackUnknownFile: 'The file is not a 999 or a 277CA acknowledgement',
  ackFileRequired: 'Choose an acknowledgement file',
  notReplaceable: (claimNumber: string, status: string) =>
    `Claim ${claimNumber} is ${status.replace('_', ' ')}: only a claim the payer answered (accepted, paid, partially paid or denied) can be replaced`,
  replacementInFlight: (claimNumber: string) => `Claim ${claimNumber} for this invoice is not answered yet`,
  replacementCreated: (claimNumber: string) => `Replacement claim ${claimNumber} created`,
} as const;

/** NPI check digit: Luhn over "80840" + the first nine digits (CMS NPI standard). */
export function isValidNpi(npi: string): boolean {
  if (!/^[0-9]{10}$/.test(npi)) return false;
  const digits = `80840${npi.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Double every second digit counting from the right of the payload (the check digit is not in it).
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(npi[9]);
}

/** The check digit that makes `nineDigits` a valid NPI (demo data and tests). */
export function npiCheckDigit(nineDigits: string): string {
  for (let d = 0; d <= 9; d++) if (isValidNpi(`${nineDigits}${d}`)) return String(d);
  throw new Error('not nine digits');
}

const ICD10 = /^[A-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/;

/** An ICD-10-CM code as typed ("j44.9", " E11.9 ") in its stored form ("J449"), or null when malformed. */
export function normalizeIcd10(text: string): string | null {
  const code = text.trim().toUpperCase();
  if (!ICD10.test(code) || code.endsWith('.')) return null;
  return code.replace('.', '');
}

/** A stored ICD-10-CM code shown with its dot ("J449" -> "J44.9"). */
export function formatIcd10(code: string): string {
  return code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
}

/** HCPCS Level II: a letter and four digits (E0601, K0001). */
export const HCPCS_FORMAT = /^[A-Z][0-9]{4}$/;

export function normalizeHcpcs(text: string): string {
  return text.trim().toUpperCase();
}

export const MAX_MODIFIERS = 4;
const MODIFIER = /^[A-Z0-9]{2}$/;

/**
 * Modifiers as typed ("rr, kh", ["RR","KH"]) in their stored form, or null when one is not two
 * letters or digits or there are more than four.
 */
export function parseModifiers(input: string | readonly string[]): string[] | null {
  const parts = (typeof input === 'string' ? input.split(/[\s,]+/) : [...input])
    .map((m) => m.trim().toUpperCase())
    .filter((m) => m !== '');
  if (parts.length > MAX_MODIFIERS || parts.some((m) => !MODIFIER.test(m))) return null;
  return parts;
}

/** X12 SBR09 claim filing indicator codes (005010), with their words. */
export const CLAIM_FILING_INDICATORS = [
  { code: 'MB', label: 'Medicare Part B' },
  { code: 'MA', label: 'Medicare Part A' },
  { code: 'MC', label: 'Medicaid' },
  { code: 'CI', label: 'Commercial Insurance Co.' },
  { code: 'BL', label: 'Blue Cross/Blue Shield' },
  { code: 'HM', label: 'Health Maintenance Organization' },
  { code: '16', label: 'Health Maintenance Organization (HMO) Medicare Risk' },
  { code: '11', label: 'Other Non-Federal Programs' },
  { code: '12', label: 'Preferred Provider Organization (PPO)' },
  { code: '13', label: 'Point of Service (POS)' },
  { code: '14', label: 'Exclusive Provider Organization (EPO)' },
  { code: '15', label: 'Indemnity Insurance' },
  { code: '17', label: 'Dental Maintenance Organization' },
  { code: 'AM', label: 'Automobile Medical' },
  { code: 'CH', label: 'Champus' },
  { code: 'DS', label: 'Disability' },
  { code: 'FI', label: 'Federal Employees Program' },
  { code: 'LM', label: 'Liability Medical' },
  { code: 'OF', label: 'Other Federal Program' },
  { code: 'TV', label: 'Title V' },
  { code: 'VA', label: 'Veterans Affairs Plan' },
  { code: 'WC', label: "Workers' Compensation Health Claim" },
  { code: 'ZZ', label: 'Mutually Defined' },
] as const;
export type ClaimFilingIndicator = (typeof CLAIM_FILING_INDICATORS)[number]['code'];
export const CLAIM_FILING_CODES = CLAIM_FILING_INDICATORS.map((i) => i.code) as [
  ClaimFilingIndicator,
  ...ClaimFilingIndicator[],
];

/** The patient's relationship to the insured (X12 SBR02 / PAT01 individual relationship codes). */
export const RELATIONSHIPS = [
  { code: '18', label: 'Self' },
  { code: '01', label: 'Spouse' },
  { code: '19', label: 'Child' },
  { code: 'G8', label: 'Other relationship' },
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number]['code'];
export const RELATIONSHIP_CODES = RELATIONSHIPS.map((r) => r.code) as [Relationship, ...Relationship[]];

export const PRIORITY_WORDS = { 1: 'primary', 2: 'secondary', 3: 'tertiary' } as const;
/** SBR01 payer responsibility sequence code of each priority. */
export const PRIORITY_CODES = { 1: 'P', 2: 'S', 3: 'T' } as const;

/** Places of service the office may bill for a facility patient (home, 12, otherwise). */
export const FACILITY_PLACES_OF_SERVICE = [
  { code: '13', label: 'Assisted Living Facility' },
  { code: '14', label: 'Group Home' },
  { code: '31', label: 'Skilled Nursing Facility' },
  { code: '32', label: 'Nursing Facility' },
  { code: '33', label: 'Custodial Care Facility' },
  { code: '12', label: 'Home' },
] as const;
export const HOME_PLACE_OF_SERVICE = '12';

export const CLAIM_STATUSES = [
  'created',
  'submitted',
  'accepted',
  'rejected',
  'paid',
  'partially_paid',
  'denied',
  'crossed_over',
  'reversed',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  created: 'Created',
  submitted: 'Submitted',
  accepted: 'Accepted',
  rejected: 'Rejected',
  paid: 'Paid',
  partially_paid: 'Partially paid',
  denied: 'Denied',
  crossed_over: 'Crossed over',
  reversed: 'Reversed',
};

/** Most claims one request may create or put in one batch. */
export const MAX_CLAIMS_PER_REQUEST = 5000;
/** Most ICD-10 codes one claim carries (HI: ABK then up to eleven ABF). */
export const MAX_DIAGNOSES_PER_CLAIM = 12;

/** The billing role (roles table, migration 0001). */
export const BILLING_ROLE_ID = 3;

/**
 * Sending claims (creating them, batching, downloading a file, reading acknowledgements) is
 * billing work: administrators and the billing role. Office staff see the lists.
 */
export function canSendClaims(roleId: number): boolean {
  return roleId === 1 || roleId === BILLING_ROLE_ID;
}
