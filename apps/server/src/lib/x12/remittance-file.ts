/**
 * What an 835 (005010X221A1) says, as plain data: read by read-835.ts, written by write-835.ts
 * (the tests', the demo office's and the bench's remittances). Money is exact text with two
 * decimals and a sign when negative ("125.50", "-34.00"); dates are YYYY-MM-DD.
 */

/** One CAS triple: a group (CO, PR, OA, PI, CR), a CARC reason and its amount. */
export interface Adjustment {
  group: string;
  reason: string;
  amount: string;
}

/** One SVC loop (2110): what the payer decided on one line of the claim. */
export interface RemittanceLine {
  /** SVC01-2 and SVC01-3..6: the procedure the payer adjudicated. */
  hcpcs: string;
  modifiers: string[];
  /** SVC02: the line's charge; SVC03: what the payer paid on it. */
  charge: string;
  paid: string;
  /** SVC05, "1" when absent; may have decimals ("1.00"). */
  units: string;
  /** DTM*472 (or DTM*150); '' when the line has no date of its own. */
  serviceDate: string;
  /** DTM*151 (the end of a range), '' otherwise. */
  serviceDateTo: string;
  /** REF*6R: the line item control number the claim sent ('' when absent). */
  lineControlNumber: string;
  /** AMT*B6, '' when absent. */
  allowed: string;
  adjustments: Adjustment[];
  /** LQ*HE remark codes (RARC). */
  remarks: string[];
}

/** One CLP loop (2100): one claim's adjudication. */
export interface RemittanceClaim {
  /** CLP01: our claim number as sent in CLM01. */
  claimNumber: string;
  /** CLP02: 1, 2, 3 processed, 4 denied, 19/20/21 processed and forwarded, 22 reversal, 23 not ours. */
  statusCode: string;
  charge: string;
  paid: string;
  /** CLP05, '' when absent. */
  patientResponsibility: string;
  /** CLP06. */
  filingIndicator: string;
  /** CLP07: the payer's claim control number. */
  payerClaimNumber: string;
  /** NM1*QC. */
  patient: { firstName: string; lastName: string; memberId: string };
  /** NM1*TT: the payer the claim was forwarded to (CLP02 19, 20, 21), null when none. */
  crossoverPayer: { name: string; id: string } | null;
  /** Claim-level CAS. */
  adjustments: Adjustment[];
  /** MIA/MOA remark codes. */
  remarks: string[];
  /** DTM*232 / DTM*233, '' when absent. */
  serviceDateFrom: string;
  serviceDateTo: string;
  lines: RemittanceLine[];
}

/** One PLB adjustment: PLB03 (or 05, 07...) reason and reference, with its amount (positive takes money back). */
export interface ProviderAdjustment {
  provider: string;
  fiscalDate: string;
  reason: string;
  reference: string;
  amount: string;
}

/** One 835 transaction set (ST to SE): one payment. */
export interface RemittanceTransaction {
  /** ST02. */
  controlNumber: string;
  /** BPR01: I remittance with payment, H notification only, ... */
  handling: string;
  /** BPR02. */
  totalPaid: string;
  /** BPR03: C credit, D debit. */
  creditDebit: string;
  /** BPR04: ACH, CHK, BOP, FWT, NON. */
  paymentMethod: string;
  /** BPR16. */
  paymentDate: string;
  /** TRN02: the check or EFT trace number. */
  checkNumber: string;
  /** TRN03. */
  originatorId: string;
  /** N1*PR with its N104 (or REF*2U) id. */
  payer: { name: string; id: string; address1: string; city: string; state: string; zip: string };
  /** N1*PE. */
  payee: { name: string; id: string };
  claims: RemittanceClaim[];
  providerAdjustments: ProviderAdjustment[];
}

export interface RemittanceFile {
  /** ISA06 and ISA13, trimmed: with the sender, the interchange's identity. */
  senderId: string;
  controlNumber: string;
  /** ISA15 = P. */
  production: boolean;
  transactions: RemittanceTransaction[];
}

/** The interchange envelope write-835.ts puts around the transactions. */
export interface RemittanceEnvelope {
  senderId: string;
  receiverId: string;
  controlNumber: number;
  production: boolean;
  createdAt: Date;
}
