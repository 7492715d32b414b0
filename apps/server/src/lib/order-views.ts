import type { CallNote, Occurrence, OrderProductLine, Service } from '@dme/shared';
import { occurrenceTotal, rentalNote, sumDecimals } from '@dme/shared';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { lineRentsSql, paymentCategorySql } from './payment-category.ts';

/** Reads of orders, lines, occurrences and services shared by several areas: each base query and its row -> wire mapper. */

const num = (v: string | number) => Number(v);

export function lineQuery(db: Executor) {
  return db
    .selectFrom('order_products as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('recurrences as r', 'r.id', 'l.recurrence_id')
    .leftJoin('price_variants as v', 'v.id', 'l.variant_id')
    .select([
      'l.id',
      'l.order_id',
      'l.product_id',
      'p.name as product_name',
      'p.internal_code as product_code',
      'l.variant_id',
      'v.price_variant as variant_name',
      'v.unit_measure as variant_unit',
      'l.service_date',
      'l.end_date',
      'l.quantity',
      'l.recurrence_id',
      'r.name as recurrence_name',
      'l.sale_price',
      'l.percentage',
      'l.adjusted_sale_price',
      'l.added_percentage',
      'l.nutritional',
      'l.tax_applied',
      'l.locked_price',
      'l.unit_measure',
      'l.modifiers',
      lineRentsSql('l', 'p').as('rental'),
      'l.rental_start_month',
    ]);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['executeTakeFirstOrThrow']>>;

export function toLine(r: LineRow): OrderProductLine {
  return {
    id: r.id,
    order_id: r.order_id,
    product_id: r.product_id,
    product: { id: r.product_id, name: r.product_name, internal_code: r.product_code },
    variant_id: r.variant_id,
    variant:
      r.variant_id !== null && r.variant_name !== null
        ? { id: r.variant_id, price_variant: r.variant_name, unit_measure: r.variant_unit ?? '' }
        : null,
    service_date: r.service_date,
    end_date: r.end_date,
    quantity: r.quantity,
    recurrence_id: r.recurrence_id,
    recurrence: { id: r.recurrence_id, name: r.recurrence_name },
    sale_price: num(r.sale_price),
    percentage: num(r.percentage),
    adjusted_sale_price: num(r.adjusted_sale_price),
    added_percentage: r.added_percentage,
    nutritional: r.nutritional,
    tax_applied: r.tax_applied,
    locked_price: r.locked_price,
    unit_measure: r.unit_measure,
    modifiers: r.modifiers,
    rental: r.rental,
    rental_start_month: r.rental_start_month,
  };
}

export function serviceQuery(db: Executor) {
  return db
    .selectFrom('services as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('order_products as sl', 'sl.id', 's.order_product_id')
    .select([
      's.rental_month',
      sql<string[]>`coalesce(s.modifiers, sl.modifiers, p.modifiers)`.as('modifiers'),
      's.billable',
      paymentCategorySql('p').as('category'),
      's.id',
      's.date',
      's.ocurrence_id',
      's.order_product_id',
      's.product_id',
      'p.name as product_name',
      'p.internal_code as product_code',
      's.product_name as snapshot_name',
      's.product_reference as snapshot_code',
      's.variant_id',
      's.unit_measure',
      's.quantity',
      's.sale_price',
      's.adjusted_sale_price',
      's.added_percentage',
      's.percentage',
      's.tax_applied',
      's.tax_amount',
      's.total',
      's.shipped',
      's.locked_price',
    ]);
}

type ServiceRow = Awaited<ReturnType<ReturnType<typeof serviceQuery>['executeTakeFirstOrThrow']>>;

export function toService(r: ServiceRow): Service {
  return {
    id: r.id,
    date: r.date,
    ocurrence_id: r.ocurrence_id,
    order_product_id: r.order_product_id,
    product: { id: r.product_id, name: r.product_name, internal_code: r.product_code },
    order_product: { order_product_name: r.snapshot_name, order_product_reference_code: r.snapshot_code },
    variant_id: r.variant_id,
    unit_measure: r.unit_measure,
    amount_remmited: r.quantity,
    sale_price: num(r.sale_price),
    adjusted_sale_price: num(r.adjusted_sale_price),
    added_percentage: r.added_percentage,
    percentage: num(r.percentage),
    tax_applied: r.tax_applied,
    tax_amount: num(r.tax_amount),
    total: num(r.total),
    shipped: r.shipped,
    locked_price: r.locked_price,
    rental_month: r.rental_month,
    modifiers: r.modifiers ?? [],
    billable: r.billable,
    // Priced by lib/pricing.ts where a screen shows it (withExpected); null until then.
    expected_allowed: null,
    rental_note: r.rental_month === null ? '' : rentalNote(r.category, r.rental_month, r.date),
  };
}

export function occurrenceQuery(db: Executor) {
  return db
    .selectFrom('ocurrences')
    .select([
      'id',
      'order_id',
      'date',
      'po_number',
      'shipped',
      'shipped_date',
      'eligibility_toggle',
      'customer_approved',
      'ticket_created',
    ]);
}

type OccurrenceRow = Awaited<ReturnType<ReturnType<typeof occurrenceQuery>['executeTakeFirstOrThrow']>>;

export const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const iso = (d: Date | string) => new Date(d).toISOString();

/** An occurrence with its services; total = sum of line totals, tax shown separately. */
export function toOccurrence(r: OccurrenceRow, services: Service[]): Occurrence {
  return {
    id: r.id,
    order_id: r.order_id,
    date: r.date,
    po_number: r.po_number,
    shipped: r.shipped,
    shipped_date: r.shipped_date,
    eligibility_toggle: r.eligibility_toggle,
    customer_approved: r.customer_approved,
    ticket_created: isoOrNull(r.ticket_created),
    total: num(occurrenceTotal(services.map((s) => ({ ...s, quantity: s.amount_remmited })))),
    tax: num(sumDecimals(services.map((s) => s.tax_amount))),
    services,
  };
}

/** One occurrence with its services, as PATCH /ocurrences/{id}/ answers it. */
export async function readOccurrence(db: Executor, id: number): Promise<Occurrence | null> {
  const row = await occurrenceQuery(db).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const services = await serviceQuery(db).where('s.ocurrence_id', '=', id).orderBy('s.id').execute();
  return toOccurrence(row, services.map(toService));
}

export async function readService(db: Executor, id: number): Promise<Service | null> {
  const row = await serviceQuery(db).where('s.id', '=', id).executeTakeFirst();
  return row ? toService(row) : null;
}

export async function readLine(db: Executor, id: number): Promise<OrderProductLine | null> {
  const row = await lineQuery(db).where('l.id', '=', id).executeTakeFirst();
  return row ? toLine(row) : null;
}

export function expirationQuery(db: Executor) {
  return db
    .selectFrom('expirations')
    .select([
      'id',
      'order_id',
      'date',
      'note',
      'yellow',
      'yellow_date',
      'waiver',
      'solved',
      'red_solved_date',
      'yellow_solved_date',
    ]);
}

export function callNoteQuery(db: Executor) {
  return db
    .selectFrom('call_notes as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.body', 'n.created', 'n.user_id', 'u.username']);
}

type CallNoteRow = Awaited<ReturnType<ReturnType<typeof callNoteQuery>['executeTakeFirstOrThrow']>>;

export function toCallNote(r: CallNoteRow): CallNote {
  return { id: r.id, body: r.body, created: iso(r.created), user_stamped: { id: r.user_id, username: r.username } };
}
