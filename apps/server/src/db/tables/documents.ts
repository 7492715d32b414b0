import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Text = Generated<string>;
/** jsonb: read as the parsed value, written as JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type DocumentType = 'standard_written_order' | 'prior_authorization' | 'face_to_face' | 'proof_of_delivery';

/** A patient's document (migration 0034): the fields of every type, empty where a type has none. */
export interface DocumentsTable {
  id: Generated<number>;
  patient_id: number;
  type: DocumentType;
  date: string;
  order_id: Optional<number>;
  attachment_id: Optional<number>;
  practitioner_name: Text;
  practitioner_npi: Text;
  items: Json<{ hcpcs: string; quantity: number }[]>;
  length_of_need_months: Optional<number>;
  vendor_id: Optional<number>;
  number: Text;
  /** The codes it covers: an authorization's list, an order's items' codes. */
  hcpcs: ColumnType<string[], string[] | undefined, string[]>;
  units: Optional<number>;
  start_date: Optional<string>;
  end_date: Optional<string>;
  /** Generated: the last day it is good for, null when it does not run out. */
  valid_through: ColumnType<string | null, never, never>;
  ocurrence_id: Optional<number>;
  recipient_name: Text;
  relationship: Text;
  delivered_at: Optional<Date>;
  address: Text;
  signature_key: Optional<string>;
  user_id: Optional<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An administrator's release of one occurrence's hold, with the reasons it was held for. */
export interface HoldReleasesTable {
  id: Generated<number>;
  ocurrence_id: number;
  reason: string;
  holds: ColumnType<string[], string[] | undefined, string[]>;
  user_id: Optional<number>;
  created_at: Timestamp;
}

/** Tables of documents and holds (Kysely types). */
export interface DocumentsTables {
  documents: DocumentsTable;
  hold_releases: HoldReleasesTable;
}
