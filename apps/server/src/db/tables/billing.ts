import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric columns: read as exact text, written as text or number. */
type Decimal = ColumnType<string, string | number, string | number>;
type DecimalWithDefault = ColumnType<string, string | number | undefined, string | number>;

/** A shipping batch: `batch` is printed at once, `large` is rendered to a file by a job. */
export interface BatchPrintsTable {
  id: Generated<number>;
  kind: 'batch' | 'large';
  status: ColumnType<
    'created' | 'queued' | 'rendering' | 'done' | 'failed',
    'created' | 'queued' | 'rendering' | 'done' | 'failed' | undefined
  >;
  start_date: string | null;
  end_date: string | null;
  filters: ColumnType<unknown, string | undefined, string>;
  record_count: Generated<number>;
  file_key: string | null;
  file_name: string | null;
  size_bytes: number | null;
  error: string | null;
  user_id: number | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /** Tickets written so far (the Large Batch View's progress). */
  rendered_count: Generated<number>;
  /** Renderings started (a job interrupted by a restart starts again). */
  attempts: Generated<number>;
  /** Written every few seconds while a worker renders; a stale one means the worker is gone. */
  heartbeat_at: NullableTimestamp;
  /** The file the current rendering writes: never listed, removed if the rendering dies. */
  partial_key: string | null;
  /** The process that rendered the batch last (Jobs.workerId). */
  rendered_by: string | null;
  /** The queued job that renders the batch (a batch whose job is gone is sent again). */
  job_id: string | null;
}

/** One invoice per shipped occurrence; its number is its id. */
export interface InvoicesTable {
  id: Generated<number>;
  ocurrence_id: number;
  /** The occurrence's order, filled by a trigger (migrations 0009, 0030) for the invoice list's search. */
  order_id: Generated<number>;
  date: string;
  notes: Generated<string>;
  /** The occurrence's services' figures, kept by triggers (migration 0013): total + tax, remitted, outstanding. */
  amount: ColumnType<string, never, never>;
  remitted: ColumnType<string, never, never>;
  balance: ColumnType<string, never, never>;
  /** A claim not rejected bills it (migration 0031): set and cleared by the claims code. */
  claim_open: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The payers (insurers, patients paying cash). */
export interface VendorsTable {
  id: Generated<number>;
  name: string;
  phone: string;
  /** Electronic claims (migration 0031): the payer id, SBR09 and the payer's address. */
  payer_id: Generated<string>;
  claim_filing_indicator: Generated<string>;
  address_1: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zip: Generated<string>;
  /** How the payer prices (migration 0033): Medicare's fee schedule, a percent of it, or its own list. */
  pricing: Generated<'medicare' | 'percent_of_medicare' | 'price_list'>;
  pricing_percent: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** The HCPCS codes the payer authorizes in advance (migration 0034). */
  prior_auth_hcpcs: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A payer's own price of a HCPCS code with modifiers, from its effective date. */
export interface VendorPricesTable {
  id: Generated<number>;
  vendor_id: number;
  hcpcs: string;
  modifiers: ColumnType<string[], string[] | undefined, string[]>;
  price: Decimal;
  effective_date: string;
  created_at: Timestamp;
}

/** A CMS DMEPOS fee schedule, in force from its effective date. */
export interface FeeSchedulesTable {
  id: Generated<number>;
  effective_date: string;
  quarter: string;
  source: string;
  row_count: Generated<number>;
  zip_count: Generated<number>;
  user_id: number | null;
  created_at: Timestamp;
}

/** One row of a schedule: a HCPCS code with up to two modifiers, its category and each state's fees. */
export interface FeeScheduleRowsTable {
  id: Generated<number>;
  schedule_id: number;
  hcpcs: string;
  modifier_1: Generated<string>;
  modifier_2: Generated<string>;
  jurisdiction: Generated<string>;
  category: Generated<string>;
  description: Generated<string>;
  /** {"IA": ["49.37", "94.93"]}: non-rural and rural fee of each state. */
  fees: ColumnType<Record<string, [string, string]>, string, string>;
}

export interface FeeScheduleRuralZipsTable {
  schedule_id: number;
  zip: string;
  state: string;
}

/**
 * A check (or cash, bank transfer, adjustment) from a vendor, identified by vendor and number.
 * `applied_amount` is the sum of its payments, kept under the check's row lock so that a check
 * is never applied past its total (a CHECK constraint holds the line as well).
 */
export interface ChecksTable {
  id: Generated<number>;
  vendor_id: number;
  check_number: string;
  check_date: string;
  total_amount: Decimal;
  applied_amount: DecimalWithDefault;
  payment_method: 'Cash' | 'Bank' | 'Insurance Adjustments' | 'Write Off';
  memo_notes: Generated<string>;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One posting of one check against one occurrence's invoice. */
export interface RemittancePaymentsTable {
  id: Generated<number>;
  check_id: number;
  ocurrence_id: number;
  invoice_id: number;
  amount_applied: DecimalWithDefault;
  amount_adjusted: DecimalWithDefault;
  write_off: DecimalWithDefault;
  user_id: number | null;
  created_at: Timestamp;
  /** An 835's posting (migration 0032): its ERA and the claim it answered. */
  era_id: ColumnType<number | null, number | null | undefined, number | null>;
  claim_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The negative posting of a later 835's claim reversal that took this one back. */
  reversed_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** What one posting took from one service, so that a revert restores exactly that. */
export interface RemittancePaymentLinesTable {
  id: Generated<number>;
  payment_id: number;
  service_id: number;
  outstanding_before: Decimal;
  applied: DecimalWithDefault;
  adjusted: DecimalWithDefault;
  written_off: DecimalWithDefault;
  /** An 835 line (migration 0032): the patient responsibility it added, its CAS and remarks, a denial. */
  patient_responsibility: DecimalWithDefault;
  adjustments: ColumnType<unknown, string | undefined, string>;
  remarks: ColumnType<unknown, string | undefined, string>;
  denied: Generated<boolean>;
  /** What the payer allowed, and what the office expected for it (migration 0033): an underpayment when less. */
  allowed: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  expected: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

/** One 835 file as received. */
export interface EraFilesTable {
  id: Generated<number>;
  file_name: string;
  content: string;
  user_id: number | null;
  created_at: Timestamp;
}

/** One 835 payment (transaction set) and what became of its claims and lines (`detail`). */
export interface ErasTable {
  id: Generated<number>;
  file_id: number;
  sender_id: string;
  interchange_number: string;
  transaction_number: string;
  payer_key: string;
  payer_name: string;
  payer_id: string;
  vendor_id: number;
  check_id: number | null;
  check_number: string;
  check_date: string;
  total_paid: Decimal;
  payment_method: string;
  posted_total: DecimalWithDefault;
  unmatched_total: DecimalWithDefault;
  status: Generated<'posted' | 'reverted'>;
  detail: ColumnType<unknown, string, string>;
  /** The claims the detail answers (generated, migration 0036). */
  claim_count: ColumnType<number, never, never>;
  search_text: Generated<string>;
  user_id: number | null;
  created_at: Timestamp;
  reverted_at: NullableTimestamp;
}

/** A denied line (or claim) waiting for a person: resubmit, write off or appeal. */
export interface DenialsTable {
  id: Generated<number>;
  era_id: number;
  claim_id: number | null;
  invoice_id: number;
  service_id: number | null;
  patient_id: number;
  vendor_id: number;
  service_date: string;
  hcpcs: Generated<string>;
  amount: Decimal;
  adjustments: ColumnType<unknown, string, string>;
  remarks: ColumnType<unknown, string, string>;
  reasons: string[];
  status: Generated<'open' | 'appealed' | 'resubmitted' | 'written_off'>;
  note: Generated<string>;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Per-day sums of services for the report (migration 0012); the same figures in both tables. */
export interface ServiceDayFigures {
  day: string;
  total: string;
  taxable: string;
  tax: string;
  remitted: string;
  adjusted: string;
  write_off: string;
  total_shipped: string;
  taxable_shipped: string;
  tax_shipped: string;
  remitted_shipped: string;
  adjusted_shipped: string;
  write_off_shipped: string;
}

export interface ServiceDayDeltasTable extends ServiceDayFigures {
  id: ColumnType<string, never, never>;
}

/** Tables of the shipping, invoices and remittance areas (Kysely types). */
export interface BillingTables {
  service_day_totals: ServiceDayFigures;
  service_day_deltas: ServiceDayDeltasTable;
  batch_prints: BatchPrintsTable;
  invoices: InvoicesTable;
  vendors: VendorsTable;
  checks: ChecksTable;
  remittance_payments: RemittancePaymentsTable;
  remittance_payment_lines: RemittancePaymentLinesTable;
  era_files: EraFilesTable;
  eras: ErasTable;
  denials: DenialsTable;
  vendor_prices: VendorPricesTable;
  fee_schedules: FeeSchedulesTable;
  fee_schedule_rows: FeeScheduleRowsTable;
  fee_schedule_rural_zips: FeeScheduleRuralZipsTable;
}
