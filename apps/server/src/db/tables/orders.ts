import type { ColumnType, Generated } from 'kysely';

/** timestamptz with a default: read as Date, optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric columns: read as exact text, written as text or number. */
type Decimal = ColumnType<string, string | number, string | number>;
type DecimalWithDefault = ColumnType<string, string | number | undefined, string | number>;

export interface LookupTable {
  id: number;
  name: string;
}

export interface OrdersTable {
  id: Generated<number>;
  name: Generated<string>;
  patient_id: number;
  delivery_id: number;
  status_id: Generated<number>;
  po_number: Generated<string>;
  patient_notes: Generated<string>;
  office_notes: Generated<string>;
  expired_at: ColumnType<string, string | undefined, string>;
  customer_approved: Generated<boolean>;
  user_creator_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A product line of an order: it generates one service per date of its recurrence. */
export interface OrderProductsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number | null;
  service_date: string;
  end_date: string;
  quantity: number;
  recurrence_id: number;
  sale_price: Decimal;
  percentage: DecimalWithDefault;
  adjusted_sale_price: Decimal;
  added_percentage: Generated<boolean>;
  nutritional: Generated<boolean>;
  tax_applied: Generated<boolean>;
  locked_price: Generated<boolean>;
  unit_measure: string;
  /** Claim modifiers of this line; null bills the product's own (migration 0031). */
  modifiers: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** A rental line (monthly) or a purchase; null follows the product's payment category (migration 0033). */
  rental: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** The rental month of its first service (a patient transferred from another supplier). */
  rental_start_month: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One delivery date of an order (the wire spelling `ocurrence` is kept in the table name). */
export interface OcurrencesTable {
  id: Generated<number>;
  order_id: number;
  date: string;
  po_number: Generated<string>;
  shipped: Generated<boolean>;
  shipped_date: string | null;
  eligibility_toggle: Generated<boolean>;
  customer_approved: Generated<boolean>;
  ticket_created: NullableTimestamp;
  user_ticket_id: number | null;
  /** Included in a shipping batch (batch print step one). */
  printed: Generated<boolean>;
  batch_print_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Copies of the patient's fields the lists filter on, kept by triggers (migration 0007). */
  patient_id: ColumnType<number | null, never, never>;
  patient_search_text: ColumnType<string, never, never>;
  patient_state_id: ColumnType<number | null, never, never>;
  patient_facility: ColumnType<boolean, never, never>;
  patient_call_before_delivery: ColumnType<boolean, never, never>;
}

/**
 * One product delivered on one occurrence. It keeps its own prices and a snapshot of the
 * product's name and reference, so it survives a price change or the deletion of its line.
 */
export interface ServicesTable {
  id: Generated<number>;
  ocurrence_id: number;
  order_product_id: number | null;
  product_id: number;
  variant_id: number | null;
  date: string;
  quantity: number;
  sale_price: Decimal;
  adjusted_sale_price: Decimal;
  added_percentage: Generated<boolean>;
  percentage: DecimalWithDefault;
  tax_applied: Generated<boolean>;
  tax_amount: DecimalWithDefault;
  total: Decimal;
  shipped: Generated<boolean>;
  locked_price: Generated<boolean>;
  product_name: string;
  product_reference: string;
  unit_measure: Generated<string>;
  /** Null until the occurrence ships and is invoiced; then what is still owed on this service. */
  outstanding: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  remitted: DecimalWithDefault;
  amount_ajusted: DecimalWithDefault;
  write_off: DecimalWithDefault;
  /** The part of the outstanding the patient owes, from 835 PR adjustments (migration 0032). */
  patient_responsibility: DecimalWithDefault;
  /** A rental service's month in its rental period, null for a purchase (migration 0033). */
  rental_month: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its claim modifiers in claim order (RR, KH...), null bills the line's or product's own. */
  modifiers: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** False past a rental's cap: no charge and no claim line. */
  billable: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CallNotesTable {
  id: Generated<number>;
  ocurrence_id: number;
  body: string;
  user_id: number;
  created: Timestamp;
}

export interface ExpirationsTable {
  id: Generated<number>;
  order_id: number;
  date: string;
  note: string;
  yellow: Generated<boolean>;
  yellow_date: string | null;
  waiver: Generated<boolean>;
  solved: Generated<boolean>;
  red_solved_date: string | null;
  yellow_solved_date: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Tables of the orders area (Kysely types). */
export interface OrdersTables {
  order_statuses: LookupTable;
  deliveries: LookupTable;
  recurrences: LookupTable;
  orders: OrdersTable;
  order_products: OrderProductsTable;
  ocurrences: OcurrencesTable;
  services: ServicesTable;
  call_notes: CallNotesTable;
  expirations: ExpirationsTable;
}
