import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Text = Generated<string>;
/** numeric columns: read as exact text, written as text or number. */
type Decimal = ColumnType<string, string | number, string | number>;
/** jsonb: read as the parsed value, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** The office's one row of electronic-claim settings (id 1; migration 0031). */
export interface BillingSettingsTable {
  id: Generated<number>;
  organization_name: Text;
  npi: Text;
  tax_id: Text;
  taxonomy_code: Text;
  address_1: Text;
  address_2: Text;
  city: Text;
  state: Text;
  zip: Text;
  phone: Text;
  submitter_name: Text;
  submitter_id: Text;
  submitter_contact_name: Text;
  submitter_contact_phone: Text;
  receiver_name: Text;
  receiver_id: Text;
  production: Generated<boolean>;
  facility_place_of_service: Text;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface HcpcsCodesTable {
  code: string;
  long_description: string;
  short_description: Text;
  source: string;
  updated_at: Timestamp;
}

export interface HcpcsModifiersTable {
  code: string;
  description: string;
  source: string;
  updated_at: Timestamp;
}

export type ClaimStatusColumn =
  | 'created'
  | 'submitted'
  | 'accepted'
  | 'rejected'
  | 'paid'
  | 'partially_paid'
  | 'denied'
  | 'crossed_over'
  | 'reversed';

export interface ClaimBatchesTable {
  id: Generated<number>;
  file_name: string;
  /** ISA13, GS06 and ST02 of the file: unique and increasing. */
  control_number: number;
  claim_count: number;
  content: string;
  status: Generated<'submitted' | 'accepted' | 'rejected'>;
  user_id: number | null;
  created_at: Timestamp;
}

export interface ClaimsTable {
  id: Generated<number>;
  claim_number: string;
  invoice_id: number;
  patient_id: number;
  insurance_id: number | null;
  vendor_id: number;
  priority: number;
  amount: Decimal;
  status: Generated<ClaimStatusColumn>;
  frequency: Generated<number>;
  original_claim_number: string | null;
  /** The payer's number for the claim (277CA REF*1K), named by a replacement's REF*F8. */
  payer_claim_number: ColumnType<string | null, string | null | undefined, string | null>;
  batch_id: number | null;
  /** What the claim billed, as built when it was created (see claims/snapshot.ts). */
  snapshot: Json<unknown>;
  search_text: Text;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClaimLinesTable {
  id: Generated<number>;
  claim_id: number;
  line_number: number;
  service_id: number;
  hcpcs_code: string;
  modifiers: ColumnType<string[], string[] | undefined, string[]>;
  description: Text;
  units: number;
  charge: Decimal;
  date_from: string;
  date_to: string;
  diagnosis_pointers: number[];
}

export interface ClaimEventsTable {
  id: Generated<number>;
  claim_id: number;
  status: string;
  reason: Text;
  user_id: number | null;
  created_at: Timestamp;
}

export interface ClaimAcknowledgementsTable {
  id: Generated<number>;
  kind: '999' | '277CA';
  file_name: string;
  content: string;
  summary: Json<unknown>;
  user_id: number | null;
  created_at: Timestamp;
}

/** Tables of the claims area (Kysely types). */
export interface ClaimsTables {
  billing_settings: BillingSettingsTable;
  hcpcs_codes: HcpcsCodesTable;
  hcpcs_modifiers: HcpcsModifiersTable;
  claim_batches: ClaimBatchesTable;
  claims: ClaimsTable;
  claim_lines: ClaimLinesTable;
  claim_events: ClaimEventsTable;
  claim_acknowledgements: ClaimAcknowledgementsTable;
}
