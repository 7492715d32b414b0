/**
 * What an 837P file is written from: plain data, already checked by the scrubber. Dates are
 * YYYY-MM-DD, money is exact text with two decimals ("125.50"), codes are stored forms
 * (ICD-10 without its dot, HCPCS upper case).
 */

import type { Adjustment } from './remittance-file.ts';

export interface InterchangeHeader {
  /** ISA13, GS06 and ST02: one number, unique and increasing (the batch's control number). */
  controlNumber: number;
  /** ISA15: P production, T test. */
  production: boolean;
  /** When the file was made (ISA09/10, GS04/05, BHT04/05). */
  createdAt: Date;
  /** BHT03: the batch's own reference. */
  reference: string;
}

export interface Submitter {
  /** 1000A NM103 and ISA06/GS02 sender id come from here. */
  name: string;
  id: string;
  contactName: string;
  /** Ten digits. */
  contactPhone: string;
}

export interface Receiver {
  name: string;
  id: string;
}

export interface BillingProvider {
  organizationName: string;
  npi: string;
  taxId: string;
  taxonomyCode: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  /** Nine digits. */
  zip: string;
  phone: string;
}

export interface Person {
  firstName: string;
  middleName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  /** Five or nine digits. */
  zip: string;
  birthdate: string;
  /** DMG03: F, M or U. */
  gender: 'F' | 'M' | 'U';
}

export interface Payer {
  name: string;
  /** NM109 with PI. */
  payerId: string;
}

export interface ClaimLineX12 {
  hcpcs: string;
  /** Up to four. */
  modifiers: string[];
  /** SV102, two decimals. */
  charge: string;
  /** SV104, whole units. */
  units: number;
  /** SV107: 1-based pointers into the claim's diagnoses, one to four. */
  diagnosisPointers: number[];
  /** DTP*472: D8 when from = to, RD8 from-to otherwise (a rental month). */
  dateFrom: string;
  dateTo: string;
  /** REF*6R: the line item control number (the service's id). */
  lineControlNumber: string;
}

export interface ClaimX12 {
  /** CLM01, at most 20 characters. */
  claimNumber: string;
  /** CLM05-3: 1 original, 7 replacement (with REF*F8 originalClaimNumber), 8 void. */
  frequency: 1 | 7 | 8;
  originalClaimNumber: string | null;
  /** CLM05-1: 12 home, or the office's choice for a facility patient. */
  placeOfService: string;
  /** SBR01: 1 P, 2 S, 3 T. */
  priority: 1 | 2 | 3;
  /** SBR09. */
  filingIndicator: string;
  /** SBR03 group number, may be empty. */
  groupNumber: string;
  /** The patient's relationship to the insured: 18 self (no 2000C loop), else PAT01. */
  relationship: '18' | '01' | '19' | 'G8';
  /** 2010BA: the insured, with the member id. */
  subscriber: Person;
  memberId: string;
  /** 2010CA: the patient when not the insured (null when relationship is 18). */
  patient: Person | null;
  payer: Payer;
  /** ICD-10-CM codes without dots, one to twelve: HI ABK then ABF. */
  diagnoses: string[];
  /** 2420E NM1*DK: the ordering provider (the patient's physician). */
  orderingProvider: { firstName: string; lastName: string; npi: string };
  lines: ClaimLineX12[];
  /**
   * A secondary or tertiary claim: what each earlier payer decided (2320, 2330A/B, and per
   * line 2430). Absent or empty on a primary claim (snapshots made before issue 32 lack it).
   */
  otherPayers?: OtherPayerX12[];
}

/** One earlier payer's adjudication of this claim, from its 835. */
export interface OtherPayerX12 {
  /** 2320 SBR01: that payer's place (1 P, 2 S, 3 T). */
  priority: 1 | 2 | 3;
  /** 2320 SBR09, SBR03 and SBR02 (the patient's relationship to that payer's insured). */
  filingIndicator: string;
  groupNumber: string;
  relationship: '18' | '01' | '19' | 'G8';
  /** 2330A NM1*IL: that payer's insured and member id. */
  subscriber: { firstName: string; lastName: string };
  memberId: string;
  /** 2330B NM1*PR. */
  payer: Payer;
  /** 2320 AMT*D: what that payer paid on the claim. */
  paid: string;
  /** 2320 CAS: the claim-level adjustments. */
  adjustments: Adjustment[];
  /** 2330B DTP*573: when that payer adjudicated (the 835's payment date). */
  paidDate: string;
  /** 2430 per line, matched to our lines by their line control number. */
  lines: OtherPayerLineX12[];
}

export interface OtherPayerLineX12 {
  /** The REF*6R of our line it answers. */
  lineControlNumber: string;
  /** SVD02, SVD03 (the procedure as that payer adjudicated it) and SVD05. */
  paid: string;
  hcpcs: string;
  modifiers: string[];
  units: number;
  adjustments: Adjustment[];
  /** DTP*573. */
  paidDate: string;
}

export interface ClaimFile {
  header: InterchangeHeader;
  submitter: Submitter;
  receiver: Receiver;
  billingProvider: BillingProvider;
  claims: ClaimX12[];
}
