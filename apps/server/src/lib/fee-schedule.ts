import { PAYMENT_CATEGORY_OPTIONS, todayWire, type FeeRow } from '@dme/shared';
import type { Executor } from '../db/database.ts';

/**
 * Reading the CMS DMEPOS fee schedule in force: a code's rows, the row a product's modifiers
 * price by, its category and a state's fee.
 */

/** The schedule in force on a date: the latest effective on or before it; null before the first. */
export async function scheduleInForce(db: Executor, date: string = todayWire()): Promise<number | null> {
  const row = await db
    .selectFrom('fee_schedules')
    .select('id')
    .where('effective_date', '<=', date)
    .orderBy('effective_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A code's rows in a schedule, in the file's order. */
export async function feeRowsOf(db: Executor, scheduleId: number, hcpcs: string): Promise<FeeRow[]> {
  const rows = await db
    .selectFrom('fee_schedule_rows')
    .select(['hcpcs', 'modifier_1', 'modifier_2', 'jurisdiction', 'category', 'description', 'fees'])
    .where('schedule_id', '=', scheduleId)
    .where('hcpcs', '=', hcpcs)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    hcpcs: r.hcpcs,
    modifier1: r.modifier_1,
    modifier2: r.modifier_2,
    jurisdiction: r.jurisdiction,
    category: r.category,
    description: r.description,
    fees: r.fees,
  }));
}

/**
 * The row a service is priced by: of the code's rows, those whose modifiers are all among the
 * service's, the most specific first; the row without modifiers only when none with modifiers
 * fits. (The contract's `pickFeeRow` of packages/shared/src/rentals/rules.ts, which lands
 * separately; this is the same rule.)
 */
export function matchFeeRow(rows: readonly FeeRow[], modifiers: readonly string[]): FeeRow | null {
  let best: FeeRow | null = null;
  let bestCount = -1;
  for (const row of rows) {
    const own = [row.modifier1, row.modifier2].filter(Boolean);
    if (!own.every((m) => modifiers.includes(m))) continue;
    if (own.length > bestCount) {
      best = row;
      bestCount = own.length;
    }
  }
  return best;
}

/** Categories a product without modifiers is priced as rented (the RR row). */
const RENTED_BY_DEFAULT = new Set(['CR', 'OX', 'FS']);

/** The modifiers a product is priced by: its own, or RR for a rented category when it has none. */
export function pricingModifiers(modifiers: readonly string[], category: string | null): readonly string[] {
  return modifiers.length === 0 && category !== null && RENTED_BY_DEFAULT.has(category) ? ['RR'] : modifiers;
}

/** A state's non-rural fee as a number; null when the state is not in the row or its fee is 0.00. */
export function nonRuralFee(row: FeeRow, state: string): number | null {
  const fee = row.fees[state]?.[0];
  return fee === undefined || Number(fee) === 0 ? null : Number(fee);
}

const WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  PAYMENT_CATEGORY_OPTIONS.map((o) => [o.code, o.words]),
);

/** "Capped rental"; '' for none; an unknown code says so. */
export function categoryWords(code: string | null): string {
  if (code === null) return '';
  return WORDS[code] ?? `${code} (no description)`;
}

export interface ProductPricing {
  payment_category: string | null;
  payment_category_source: 'product' | 'fee_schedule' | null;
  payment_category_words: string;
  medicare_fee: number | null;
}

/**
 * A product's payment category (its own, else its code's in the schedule in force today) and
 * Medicare's non-rural fee in the office's state (billing settings) for its modifiers.
 */
export async function productPricing(
  db: Executor,
  product: { hcpcs_code: string; modifiers: readonly string[]; payment_category: string | null },
): Promise<ProductPricing> {
  const scheduleId = product.hcpcs_code ? await scheduleInForce(db) : null;
  const rows = scheduleId === null ? [] : await feeRowsOf(db, scheduleId, product.hcpcs_code);
  const scheduled = (matchFeeRow(rows, product.modifiers) ?? rows[0])?.category ?? null;
  const category = product.payment_category ?? scheduled;
  const source = product.payment_category !== null ? 'product' : scheduled !== null ? 'fee_schedule' : null;
  const row = matchFeeRow(rows, pricingModifiers(product.modifiers, category));
  const settings = row
    ? await db.selectFrom('billing_settings').select('state').orderBy('id').limit(1).executeTakeFirst()
    : undefined;
  return {
    payment_category: category,
    payment_category_source: source,
    payment_category_words: categoryWords(category),
    medicare_fee: row && settings?.state ? nonRuralFee(row, settings.state) : null,
  };
}
