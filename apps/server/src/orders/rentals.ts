import { sql } from 'kysely';
import dayjs from 'dayjs';
import {
  breakDays,
  isBillableMonth,
  ownershipDate,
  RENTAL_BREAK_DAYS,
  rentalCap,
  rentalModifiers,
  rentalNote,
  rentalStatus,
  serviceAmounts,
  type PatientRental,
} from '@dme/shared';
import type { Executor, Trx } from '../db/database.ts';
import { auditMany, type AuditEntry } from '../lib/audit.ts';
import { lineRentsSql, paymentCategorySql } from '../lib/payment-category.ts';
import type { Actor } from './occurrences.ts';

/**
 * The rental ledger: for each patient and rented item (HCPCS code), the rental month of every
 * service of its rental lines, counted in date order across the patient's orders. A line's first
 * service starts at the line's starting month (a patient transferred from another supplier); a
 * break of more than 60 days starts again at month 1. Each unshipped service takes its month, its
 * modifiers (RR, and KH/KI/KJ for a capped rental, before the clerk's own) and whether it is
 * billed: past a cap it carries no charge and makes no claim line. Shipped services keep theirs.
 */

/** Modifiers the ledger sets: the clerk's own modifiers never repeat them. */
const RENTAL_MODIFIERS = new Set(['RR', 'KH', 'KI', 'KJ', 'NU', 'UE']);

interface LedgerService {
  id: number;
  date: string;
  shipped: boolean;
  rental_month: number | null;
  modifiers: string[] | null;
  billable: boolean;
  line_id: number;
  rental_start_month: number;
  own_modifiers: string[];
  hcpcs: string;
  product_id: number;
  category: string | null;
  rents: boolean;
  sale_price: string;
  percentage: string;
  added_percentage: boolean;
  tax_applied: boolean;
  quantity: number;
}

function patientServices(db: Executor, patientId: number) {
  return db
    .selectFrom('services as s')
    .innerJoin('order_products as l', 'l.id', 's.order_product_id')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      's.id',
      's.date',
      's.shipped',
      's.rental_month',
      's.modifiers',
      's.billable',
      'l.id as line_id',
      'l.rental_start_month',
      sql<string[]>`coalesce(l.modifiers, p.modifiers)`.as('own_modifiers'),
      'p.hcpcs_code as hcpcs',
      'p.id as product_id',
      paymentCategorySql('p').as('category'),
      lineRentsSql('l', 'p').as('rents'),
      's.sale_price',
      's.percentage',
      's.added_percentage',
      's.tax_applied',
      's.quantity',
    ])
    .where('o.patient_id', '=', patientId);
}

/** The item a rental counts under: its HCPCS code, or the product when it has none. */
const itemOf = (s: { hcpcs: string; product_id: number }) => s.hcpcs || `product ${s.product_id}`;

/** The months of one item's services (in date order), as the ledger counts them. */
function countMonths(services: LedgerService[], recount = false): number[] {
  const months: number[] = [];
  const seenLines = new Set<number>();
  services.forEach((s, i) => {
    const firstOfLine = !seenLines.has(s.line_id);
    seenLines.add(s.line_id);
    const prev = services[i - 1];
    let month: number;
    if (s.shipped && s.rental_month !== null && !recount) month = s.rental_month;
    else if (!prev || breakDays(prev.date, s.date) > RENTAL_BREAK_DAYS) month = firstOfLine ? s.rental_start_month : 1;
    else if (firstOfLine && s.rental_start_month > 1) month = s.rental_start_month;
    else month = months[i - 1]! + 1;
    // Oxygen: after the 60th month a new 36-month period begins.
    if (s.category === 'OX' && month > 60 && !(s.shipped && s.rental_month !== null && !recount)) month = 1;
    months.push(month);
  });
  return months;
}

/** Brings the rental months, modifiers and charges of a patient's unshipped services in step. */
export async function refreshRentals(
  trx: Trx,
  actor: Actor,
  patientId: number,
  taxRate: number,
  opts: { includeShipped?: boolean } = {},
): Promise<void> {
  // The services that rent, and those that carry a month or no charge from an earlier count.
  const rows = (await patientServices(trx, patientId)
    .where((eb) =>
      eb.or([
        eb(lineRentsSql('l', 'p'), '=', true),
        eb('s.rental_month', 'is not', null),
        eb('s.billable', '=', false),
      ]),
    )
    .orderBy('s.date')
    .orderBy('s.id')
    .execute()) as LedgerService[];
  const wanted = new Map<number, { month: number | null; modifiers: string[] | null; billable: boolean }>();
  const items = new Map<string, LedgerService[]>();
  for (const s of rows) {
    if (!s.rents) {
      wanted.set(s.id, { month: null, modifiers: null, billable: true });
      continue;
    }
    const key = itemOf(s);
    items.set(key, [...(items.get(key) ?? []), s]);
  }
  for (const services of items.values()) {
    const months = countMonths(services, opts.includeShipped === true);
    services.forEach((s, i) => {
      const month = months[i]!;
      const own = (s.own_modifiers ?? []).filter((m) => !RENTAL_MODIFIERS.has(m));
      wanted.set(s.id, {
        month,
        modifiers: [...rentalModifiers(s.category, month), ...own].slice(0, 4),
        billable: isBillableMonth(s.category, month),
      });
    });
  }
  const audits: AuditEntry[] = [];
  const changes: {
    id: number;
    month: number | null;
    modifiers: string[] | null;
    billable: boolean;
    total: string;
    tax: string;
  }[] = [];
  for (const s of rows) {
    const w = wanted.get(s.id)!;
    // Shipped services keep their month, except while the demo office is being made.
    if (s.shipped && !opts.includeShipped) continue;
    const same =
      s.rental_month === w.month &&
      s.billable === w.billable &&
      JSON.stringify(s.modifiers ?? null) === JSON.stringify(w.modifiers);
    if (same) continue;
    const amounts = w.billable
      ? serviceAmounts(
          {
            sale_price: s.sale_price,
            percentage: s.percentage,
            added_percentage: s.added_percentage,
            tax_applied: s.tax_applied,
            quantity: s.quantity,
          },
          taxRate,
        )
      : { total: '0', tax_amount: '0' };
    changes.push({ id: s.id, ...w, total: amounts.total, tax: amounts.tax_amount });
    audits.push({
      userId: actor.userId,
      action: 'update',
      entity: 'service',
      entityId: s.id,
      before: { rental_month: s.rental_month, modifiers: s.modifiers, billable: s.billable },
      after: { rental_month: w.month, modifiers: w.modifiers, billable: w.billable },
    });
  }
  // One statement for every changed service (in id order, as every write of services locks them).
  for (let i = 0; i < changes.length; i += 1000) {
    const values = sql.join(
      changes
        .slice(i, i + 1000)
        .sort((x, y) => x.id - y.id)
        .map(
          (c) =>
            sql`(${c.id}::int, ${c.month}::smallint, ${c.modifiers}::text[], ${c.billable}::boolean, ${c.total}::numeric, ${c.tax}::numeric)`,
        ),
    );
    await sql`UPDATE services s SET rental_month = v.month, modifiers = v.modifiers, billable = v.billable,
        total = v.total, tax_amount = v.tax, updated_at = now()
      FROM (VALUES ${values}) AS v(id, month, modifiers, billable, total, tax) WHERE s.id = v.id`.execute(trx);
  }
  await auditMany(trx, audits);
}

/** GET /patients/{id}/rentals/: each rented item with its month, cap, status and next bill date. */
export async function listPatientRentals(db: Executor, patientId: number, today: string): Promise<PatientRental[]> {
  const rows = (await patientServices(db, patientId)
    .select(['l.order_id', 'p.name as product_name'])
    .orderBy('s.date')
    .orderBy('s.id')
    .execute()) as (LedgerService & { order_id: number; product_name: string })[];
  const items = new Map<string, typeof rows>();
  for (const s of rows)
    if (s.rents && s.rental_month !== null) items.set(itemOf(s), [...(items.get(itemOf(s)) ?? []), s]);
  const result: PatientRental[] = [];
  for (const services of items.values()) {
    // The month in force today: the last service on or before today, else the first one.
    const current = [...services].reverse().find((s) => s.date <= today) ?? services[0]!;
    const month = current.rental_month!;
    const category = current.category;
    const cap = rentalCap(category);
    const status = rentalStatus(category, month);
    // Ownership follows month 13 by a month; a ledger that started past it counts back from today's month.
    const month13 =
      services.find((s) => s.rental_month === 13)?.date ??
      dayjs(current.date)
        .subtract(month - 13, 'month')
        .format('YYYY-MM-DD');
    const next = services.find((s) => s.date > today && !s.shipped && s.billable);
    result.push({
      hcpcs: current.hcpcs,
      product: { id: current.product_id, name: current.product_name },
      order_id: current.order_id,
      order_product_id: current.line_id,
      payment_category: category,
      current_month: month,
      cap,
      status,
      owned_since: status === 'owned' ? ownershipDate(category, month13) : null,
      next_bill_date: next?.date ?? null,
      note: rentalNote(category, month, current.date),
    });
  }
  return result;
}
