import type { ClaimFilingIndicator, ClaimStatus, Relationship } from './rules.ts';

// What the claims routes answer: the server builds these and the web reads them.

export interface BillingSettings {
  organization_name: string;
  npi: string;
  tax_id: string;
  taxonomy_code: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  submitter_name: string;
  submitter_id: string;
  submitter_contact_name: string;
  submitter_contact_phone: string;
  receiver_name: string;
  receiver_id: string;
  production: boolean;
  facility_place_of_service: string;
}

/** One thing that stops a claim, in plain words, with the screen and field that fix it. */
export interface ClaimProblem {
  message: string;
  /** The web path of the screen to open ("/patients/12/?tab=insurances"). */
  link: string;
  /** The field to fix on that screen ("policy_number"). */
  field: string;
}

/** A row of GET /api/claims/ready/. */
export interface ReadyClaimRow {
  invoice_id: number;
  invoice_date: string;
  service_date: string;
  patient: { id: number; first_name: string; last_name: string };
  payer: { id: number; name: string } | null;
  /** The coverage it would bill: 1 primary (the only one billed today), null when none. */
  priority: number | null;
  amount: number;
  /** The last rejection's reason, when the invoice comes back from a rejected claim. */
  rejection: string | null;
  problems: ClaimProblem[];
}

export interface ClaimRow {
  id: number;
  claim_number: string;
  invoice_id: number;
  patient: { id: number; first_name: string; last_name: string };
  payer: { id: number; name: string };
  priority: number;
  amount: number;
  status: ClaimStatus;
  batch_id: number | null;
  created: string;
}

export interface ClaimLine {
  line_number: number;
  service_id: number;
  hcpcs_code: string;
  modifiers: string[];
  description: string;
  units: number;
  charge: number;
  date_from: string;
  date_to: string;
  diagnosis_pointers: number[];
}

export interface ClaimEvent {
  status: string;
  reason: string;
  user: string | null;
  created: string;
}

export interface ClaimDetail extends ClaimRow {
  frequency: number;
  original_claim_number: string | null;
  diagnoses: string[];
  lines: ClaimLine[];
  history: ClaimEvent[];
}

export interface ClaimCreateResult {
  created: { id: number; invoice_id: number; claim_number: string }[];
  refused: { invoice_id: number; problems: string[] }[];
}

export interface ClaimBatchRow {
  id: number;
  file_name: string;
  claims: number;
  control_number: number;
  status: 'submitted' | 'accepted' | 'rejected';
  created: string;
  user: string | null;
}

/** What an uploaded 999 or 277CA did. */
export interface AcknowledgementResult {
  id: number;
  kind: '999' | '277CA';
  accepted: { claim_number: string; claim_id: number }[];
  rejected: { claim_number: string; claim_id: number; reason: string }[];
  /** References in the file that name no batch or claim of ours: reported, nothing changed. */
  unknown: string[];
}

/** A HCPCS code found in the CMS list (the product form shows its description). */
export interface HcpcsLookup {
  code: string;
  long_description: string;
  short_description: string;
}

/** The coverage fields a patient's insurance answers with, beside the spec's name and policy number. */
export interface Coverage {
  vendor_id: number | null;
  priority: number | null;
  group_number: string;
  relationship: Relationship;
  subscriber_first_name: string;
  subscriber_last_name: string;
  subscriber_birthdate: string | null;
  subscriber_gender: string;
}

export interface VendorClaimFieldsOut {
  payer_id: string;
  claim_filing_indicator: ClaimFilingIndicator | '';
  address_1: string;
  city: string;
  state: string;
  zip: string;
}
