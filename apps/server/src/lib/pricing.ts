import { sql } from 'kysely';
import { expectedAllowedCents, feeOf, pickFeeRow, type FeeRow } from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { paymentCategorySql } from './payment-category.ts';

/**
 * What a service's primary payer should allow (issue 33). The payer prices by the Medicare fee
 * schedule in force on the service's date (the patient's state; the rural fee when the patient's
 * ZIP is in that schedule's rural ZIP file), by a percent of it, or by its own price list (the row
 * of the code and modifiers in force on the date). A capped rental's months 4 to 13 are allowed
 * 75 % of the fee; past a cap nothing. Null when the patient has no primary payer or the payer no
 * price for the item.
 */
export async function expectedAllowed(
  db: Executor,
  serviceIds: readonly number[],
): Promise<Map<number, number | null>> {
  const result = new Map<number, number | null>();
  if (serviceIds.length === 0) return result;
  const services = await db
    .selectFrom('services as s')
    .innerJoin('ocurrences as oc', 'oc.id', 's.ocurrence_id')
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .innerJoin('patients as pt', 'pt.id', 'o.patient_id')
    .leftJoin('usa_states as st', 'st.id', 'pt.state_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('order_products as l', 'l.id', 's.order_product_id')
    .leftJoin('patient_insurances as pi', (join) => join.onRef('pi.patient_id', '=', 'pt.id').on('pi.priority', '=', 1))
    .leftJoin('vendors as v', 'v.id', 'pi.vendor_id')
    .select([
      's.id',
      's.date',
      's.quantity',
      's.rental_month',
      sql<string[]>`coalesce(s.modifiers, l.modifiers, p.modifiers)`.as('modifiers'),
      'p.hcpcs_code as hcpcs',
      paymentCategorySql('p').as('category'),
      sql<string | null>`st.abbreviation`.as('state'),
      sql<string>`left(regexp_replace(pt.zip, '[^0-9]', '', 'g'), 5)`.as('zip'),
      'v.id as vendor_id',
      'v.pricing',
      'v.pricing_percent',
    ])
    .where('s.id', 'in', [...serviceIds])
    .execute();
  for (const s of services) result.set(s.id, null);
  const priced = services.filter((s) => s.vendor_id !== null && s.hcpcs !== '');
  if (priced.length === 0) return result;

  const schedules = await db
    .selectFrom('fee_schedules')
    .select(['id', 'effective_date'])
    .orderBy('effective_date', 'desc')
    .execute();
  const scheduleOn = (date: string) => schedules.find((f) => f.effective_date <= date)?.id ?? null;
  const codes = [...new Set(priced.map((s) => s.hcpcs))];
  const scheduleIds = [...new Set(priced.map((s) => scheduleOn(s.date)).filter((id) => id !== null))];
  const [rows, rural, listed] = await Promise.all([
    scheduleIds.length
      ? db
          .selectFrom('fee_schedule_rows')
          .select([
            'schedule_id',
            'hcpcs',
            'modifier_1',
            'modifier_2',
            'jurisdiction',
            'category',
            'description',
            'fees',
          ])
          .where('schedule_id', 'in', scheduleIds)
          .where('hcpcs', 'in', codes)
          .execute()
      : [],
    scheduleIds.length
      ? db
          .selectFrom('fee_schedule_rural_zips')
          .select(['schedule_id', 'zip'])
          .where('schedule_id', 'in', scheduleIds)
          .where('zip', 'in', [...new Set(priced.map((s) => s.zip))].concat(''))
          .execute()
      : [],
    db
      .selectFrom('vendor_prices')
      .select(['vendor_id', 'hcpcs', 'modifiers', 'price', 'effective_date'])
      .where('vendor_id', 'in', [...new Set(priced.map((s) => s.vendor_id!))])
      .where('hcpcs', 'in', codes)
      .orderBy('effective_date', 'desc')
      .execute(),
  ]);
  const ruralZips = new Set(rural.map((r) => `${r.schedule_id}:${r.zip}`));
  for (const s of priced) {
    let unitPrice: string | null;
    if (s.pricing === 'price_list') {
      // The payer's own rows in force on the date, as a fee row each (the price in every state).
      const inForce = listed.filter(
        (p) => p.vendor_id === s.vendor_id && p.hcpcs === s.hcpcs && p.effective_date <= s.date,
      );
      const latest = inForce[0]?.effective_date;
      const candidates: FeeRow[] = inForce
        .filter((p) => p.effective_date === latest)
        .map((p) => ({
          hcpcs: p.hcpcs,
          modifier1: p.modifiers[0] ?? '',
          modifier2: p.modifiers[1] ?? '',
          jurisdiction: '',
          category: '',
          description: '',
          fees: { ANY: [p.price, p.price] },
        }));
      const row = pickFeeRow(candidates, s.modifiers ?? []);
      unitPrice = row ? feeOf(row, 'ANY', false) : null;
    } else {
      const schedule = scheduleOn(s.date);
      const candidates: FeeRow[] = rows
        .filter((r) => r.schedule_id === schedule && r.hcpcs === s.hcpcs)
        .map((r) => ({
          hcpcs: r.hcpcs,
          modifier1: r.modifier_1,
          modifier2: r.modifier_2,
          jurisdiction: r.jurisdiction,
          category: r.category,
          description: r.description,
          fees: r.fees,
        }));
      const row = pickFeeRow(candidates, s.modifiers ?? []);
      unitPrice = row && s.state ? feeOf(row, s.state, ruralZips.has(`${schedule}:${s.zip}`)) : null;
    }
    const cents = expectedAllowedCents({
      unitPrice,
      percent: s.pricing === 'percent_of_medicare' ? (s.pricing_percent ?? null) : null,
      category: s.category,
      rentalMonth: s.rental_month,
      quantity: s.quantity,
    });
    result.set(s.id, cents === null ? null : cents / 100);
  }
  return result;
}

/** Services as the screens show them, with what their payer should allow. */
export async function withExpected<T extends { id: number; expected_allowed: number | null }>(
  db: Executor,
  services: T[],
): Promise<T[]> {
  const expected = await expectedAllowed(
    db,
    services.map((s) => s.id),
  );
  return services.map((s) => ({ ...s, expected_allowed: expected.get(s.id) ?? null }));
}
