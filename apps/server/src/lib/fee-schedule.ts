import { defaultRental, describeCategory, feeOf, pickFeeRow, todayWire, type FeeRow } from '@dme/shared';
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

/** The modifiers a product is priced by: its own, or RR for a rented category when it has none. */
export function pricingModifiers(modifiers: readonly string[], category: string | null): readonly string[] {
  return modifiers.length === 0 && defaultRental(category) === true ? ['RR'] : modifiers;
}

/** "Capped rental"; '' for none; an unknown code says so. */
export function categoryWords(code: string | null): string {
  return code === null ? '' : describeCategory(code);
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
  const scheduled = (pickFeeRow(rows, product.modifiers) ?? rows[0])?.category ?? null;
  const category = product.payment_category ?? scheduled;
  const source = product.payment_category !== null ? 'product' : scheduled !== null ? 'fee_schedule' : null;
  const row = pickFeeRow(rows, pricingModifiers(product.modifiers, category));
  const settings = row
    ? await db.selectFrom('billing_settings').select('state').orderBy('id').limit(1).executeTakeFirst()
    : undefined;
  return {
    payment_category: category,
    payment_category_source: source,
    payment_category_words: categoryWords(category),
    medicare_fee: row && settings?.state ? Number(feeOf(row, settings.state, false) ?? NaN) || null : null,
  };
}
