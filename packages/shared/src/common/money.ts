import { roundMicro, toMicro } from './decimal.ts';
import { FIELD_MESSAGES } from './limits.ts';

/**
 * The range of every money and quantity field, written once. Each is chosen so that whatever the
 * schemas accept, and whatever the rules compute from it (adjusted price, line total, tax, the
 * sums an occurrence's invoice and payments keep), fits the column that stores it:
 * `money.test.ts` proves it over `MONEY_COLUMNS`, and the server checks that table against the
 * migrated database.
 */

/** A unit price: a variant's sale and cost price, a product's cost, a line's or a service's sale price. */
export const PRICE_MAX = '999999.99';
/** A quantity: a line's or a service's, the original amount, stock on hand (per product and per unit). */
export const QUANTITY_MAX = 99_999;
/** The percentage added to a line's or a service's price (3 decimals). */
export const PERCENTAGE_MAX = 1000;
/** The configured sales-tax rate (SALES_TAX_RATE), a fraction: at most 100 %. */
export const TAX_RATE_MAX = 1;
/** A check's total: what `checks.total_amount` holds. */
export const CHECK_AMOUNT_MAX = '9999999999.99';
/**
 * An amount of one service sent by the Remittance and Write Off dialogs (new outstanding, amount
 * adjusted, written off): what a service's money columns hold. The server refuses any that does
 * not match the stored amounts, which never pass the largest line total plus its tax.
 */
export const SERVICE_AMOUNT_MAX = '9999999999999.99';
/**
 * The most services one occurrence is expected to have (lines of one order on one date, plus
 * clones). Not enforced: it is the assumption under which an invoice's and a payment's sums
 * are proven to fit their columns, at the largest price and quantity on every service.
 */
export const OCCURRENCE_SERVICES_ASSUMED = 1000;

/** The refusal of a value above each range ("Ensure this value is less than or equal to 999999.99."). */
export const RANGE_MESSAGES = {
  price: FIELD_MESSAGES.maxValue(PRICE_MAX),
  quantity: FIELD_MESSAGES.maxValue(QUANTITY_MAX),
  checkAmount: FIELD_MESSAGES.maxValue(CHECK_AMOUNT_MAX),
  serviceAmount: FIELD_MESSAGES.maxValue(SERVICE_AMOUNT_MAX),
} as const;

/** True when the exact decimal text or number is at most `max`. */
export function isAtMost(value: string | number, max: string | number): boolean {
  return toMicro(value) <= toMicro(max);
}

/** A stored number's capacity: numeric(precision, scale), or PostgreSQL's integer. */
export type ColumnCapacity = { type: 'numeric'; precision: number; scale: number } | { type: 'integer' };

const numeric = (precision: number, scale: number): ColumnCapacity => ({ type: 'numeric', precision, scale });
const integer: ColumnCapacity = { type: 'integer' };

/**
 * Every bounded money, percentage and quantity column of the database ("table.column"), as the
 * migrations leave it. Unbounded `numeric` columns (the report's day totals) hold any sum and are
 * not listed. A server test compares this table with the migrated database, so a migration that
 * adds or changes such a column must update it, and the range proof runs against the change.
 */
export const MONEY_COLUMNS = {
  'products.quantity': integer,
  'products.cost_price': numeric(12, 2),
  'product_unit_quantities.quantity': integer,
  'price_variants.sale_price': numeric(12, 2),
  'price_variants.cost_price': numeric(12, 2),
  'order_products.quantity': integer,
  'order_products.sale_price': numeric(12, 2),
  'order_products.percentage': numeric(8, 3),
  'order_products.adjusted_sale_price': numeric(12, 3),
  'services.quantity': integer,
  'services.sale_price': numeric(12, 2),
  'services.percentage': numeric(8, 3),
  'services.adjusted_sale_price': numeric(12, 3),
  'services.total': numeric(15, 2),
  'services.tax_amount': numeric(15, 2),
  'services.outstanding': numeric(15, 2),
  'services.remitted': numeric(15, 2),
  'services.amount_ajusted': numeric(15, 2),
  'services.write_off': numeric(15, 2),
  'invoices.amount': numeric(18, 2),
  'invoices.remitted': numeric(18, 2),
  'invoices.balance': numeric(18, 2),
  'checks.total_amount': numeric(12, 2),
  'checks.applied_amount': numeric(12, 2),
  'remittance_payments.amount_applied': numeric(18, 2),
  'remittance_payments.amount_adjusted': numeric(18, 2),
  'remittance_payments.write_off': numeric(18, 2),
  'remittance_payment_lines.outstanding_before': numeric(15, 2),
  'remittance_payment_lines.applied': numeric(15, 2),
  'remittance_payment_lines.adjusted': numeric(15, 2),
  'remittance_payment_lines.written_off': numeric(15, 2),
  'claims.amount': numeric(18, 2),
  'claim_lines.units': integer,
  'claim_lines.charge': numeric(15, 2),
  'services.patient_responsibility': numeric(15, 2),
  'remittance_payment_lines.patient_responsibility': numeric(15, 2),
  'denials.amount': numeric(15, 2),
  'eras.total_paid': numeric(18, 2),
  'eras.posted_total': numeric(18, 2),
  'eras.unmatched_total': numeric(18, 2),
  'remittance_payment_lines.allowed': numeric(15, 2),
  'remittance_payment_lines.expected': numeric(15, 2),
  'vendor_prices.price': numeric(12, 2),
  'vendors.pricing_percent': numeric(6, 2),
} as const satisfies Record<string, ColumnCapacity>;

export type MoneyColumn = keyof typeof MONEY_COLUMNS;

/** PostgreSQL's integer. */
const INTEGER_MAX = 2_147_483_647n;

const MICRO = 1_000_000n;

/** True when PostgreSQL stores `value` (exact decimal text or a number) in `column` without a numeric overflow. */
export function fitsColumn(column: MoneyColumn, value: string | number): boolean {
  const capacity: ColumnCapacity = MONEY_COLUMNS[column];
  const micro = toMicro(value);
  const abs = micro < 0n ? -micro : micro;
  if (capacity.type === 'integer') return abs % MICRO === 0n && abs / MICRO <= INTEGER_MAX;
  // numeric(p, s) rounds to s places first, then holds what stays below 10^(p - s).
  return roundMicro(abs, capacity.scale) < 10n ** BigInt(capacity.precision - capacity.scale) * MICRO;
}
