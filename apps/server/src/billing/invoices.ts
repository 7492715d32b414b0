import { sql } from 'kysely';
import {
  patientShare as servicePatientShare,
  invoiceBalance,
  parseOrdering,
  storedOutstanding,
  type Invoice,
  type InvoiceListRow,
  type InvoiceService,
  type InvoiceUpdateBody,
  type ListQuery,
  type Page,
} from '@dme/shared';
import { audit } from '../lib/audit.ts';
import { notFound } from '../lib/errors.ts';
import { normalizeSearch, ofOrdersMatching, searchTextHas } from '../lib/search.ts';
import type { Db, Executor } from '../db/database.ts';
import { remittanceLines } from '../lib/remittance-lines.ts';
import { centsOfNumeric } from '../lib/cents.ts';

/** Invoices: the list, one invoice with its services, and the notes/date update. */

const num = (v: string | number) => Number(v);

/**
 * An invoice's date of service: the date of the delivery recorded for its occurrence (issue 34),
 * else the occurrence's date. One lookup on the unique index of recorded deliveries.
 */
const SERVICE_DATE = sql<string>`coalesce(
  (SELECT d.date FROM documents d WHERE d.ocurrence_id = oc.id AND d.delivered_at IS NOT NULL), oc.date)`;

const ORDERINGS = {
  id: [sql`i.id`],
  invoice: [sql`i.id`],
  date: [sql`i.date`],
  order: [sql`i.order_id`],
  // Each key list matches an index (patients (last_name, id), orders (lower(name), id)), so a
  // sorted page walks patients or orders in order and stops, instead of sorting every invoice.
  patient: [sql`p.last_name`, sql`p.id`],
  patient_name: [sql`p.last_name`, sql`p.id`],
  order_name: [sql`lower(o.name)`, sql`o.id`],
} as const;

/** Orderings on the invoice's own columns. */
const OWN_ORDERINGS = new Set<keyof typeof ORDERINGS>(['id', 'invoice', 'date', 'order']);

/** Digits only: an invoice or order number. */
const NUMBER = /^[1-9][0-9]{0,9}$/;

/**
 * The invoices a search finds: those of the orders whose search text contains the term, and,
 * for a number, the invoice with that number and the invoices of the order with that number.
 * Each part is an index lookup on invoices (order_id, id) or the primary key (migration 0009).
 */
function searched(db: Executor, term: string) {
  const base = db.selectFrom('invoices as i');
  if (term === '') return base;
  if (!NUMBER.test(term) || Number(term) > 2147483647) return base.where(ofOrdersMatching('i.order_id', term));
  const n = Number(term);
  const ids = db
    .selectFrom('invoices as x')
    .select('x.id')
    .where(ofOrdersMatching('x.order_id', term))
    .union(db.selectFrom('invoices').select('id').where('id', '=', n))
    .union(db.selectFrom('invoices').select('id').where('order_id', '=', n));
  return base.where('i.id', 'in', ids);
}

/**
 * How many invoices a search finds. A text term is counted order by order, each through the
 * invoices (order_id, id) index: a common term's few thousand orders cost less that way than the
 * scan of every invoice the planner picks for `order_id IN (...)`.
 */
async function invoiceCount(db: Executor, term: string): Promise<number> {
  if (term !== '' && !NUMBER.test(term)) {
    const { count } = await db
      .selectFrom('orders as os')
      .select(
        sql<number>`coalesce(sum((SELECT count(*) FROM invoices i WHERE i.order_id = os.id)), 0)::int`.as('count'),
      )
      .where(searchTextHas('os', term))
      .executeTakeFirstOrThrow();
    return count;
  }
  const { count } = await searched(db, term)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
}

/**
 * What is still owed on one service, in SQL: the shared rule `serviceBalance` (unit price, the
 * adjusted one when added_percentage, x quantity rounded to cents half away from zero, plus tax,
 * less remitted, adjusted and written off, never negative). The columns' scales (prices to 3
 * decimals, whole quantities) make every step exact in numeric; billing/balance-sql.test.ts
 * checks it against the shared rule on generated services.
 */
export const SERVICE_BALANCE_SQL = sql<string>`greatest(
  round(CASE WHEN s.added_percentage AND s.adjusted_sale_price IS NOT NULL
             THEN s.adjusted_sale_price ELSE s.sale_price END * s.quantity, 2)
  + s.tax_amount - s.remitted - s.amount_ajusted - s.write_off, 0)`;

/** Balances of some occurrences' invoices: the sum of their services' balances, summed in the database. */
async function balancesOf(db: Executor, occurrenceIds: number[]): Promise<Map<number, string>> {
  if (occurrenceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('services as s')
    .select(['s.ocurrence_id', sql<string>`sum(${SERVICE_BALANCE_SQL})`.as('balance')])
    .where('s.ocurrence_id', 'in', occurrenceIds)
    .groupBy('s.ocurrence_id')
    .execute();
  return new Map(rows.map((r) => [r.ocurrence_id, r.balance]));
}

/** GET /invoices/: search, ordering (default newest invoice first), paging; balances by the shared rule. */
export async function listInvoices(db: Executor, query: ListQuery): Promise<Page<InvoiceListRow>> {
  const term = normalizeSearch(query.search);
  const parsed = parseOrdering(query.ordering);
  // Only the map's own keys count ("constructor" or "__proto__" never reach the query).
  const ordering = parsed && Object.hasOwn(ORDERINGS, parsed.field) ? parsed : null;
  // No ordering: the newest invoice first.
  const dir = ordering ? (ordering.desc ? 'desc' : 'asc') : 'desc';
  const field = (ordering?.field ?? 'id') as keyof typeof ORDERINGS;
  const keys = ordering ? [...ORDERINGS[field], sql`i.id`] : [sql`i.id`];
  const own = OWN_ORDERINGS.has(field);
  const columns = ['i.id', 'i.date', 'i.ocurrence_id', 'i.notes', 'i.order_id'] as const;
  const offset = (query.page - 1) * query.page_size;
  // Ordered by the invoice's own columns (the default), the page is chosen on the invoices alone
  // and only its rows are joined: joined first, PostgreSQL sizes its join caches (Memoize) for
  // every invoice before the first row.
  const pageOf = () => {
    const found = searched(db, term).select(columns);
    if (!own) return found;
    return keys
      .reduce((qb, key) => qb.orderBy(key, dir), found)
      .limit(query.page_size)
      .offset(offset);
  };
  const source = pageOf();
  let rows = db
    .selectFrom(source.as('i'))
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .innerJoin('ocurrences as oc', 'oc.id', 'i.ocurrence_id')
    .select([
      'i.id',
      'i.date',
      'i.ocurrence_id',
      'i.notes',
      SERVICE_DATE.as('service_date'),
      'o.id as order_id',
      'o.name as order_name',
      'p.id as patient_id',
      'p.first_name',
      'p.last_name',
    ]);
  for (const key of keys) rows = rows.orderBy(key, dir);
  if (!own) rows = rows.limit(query.page_size).offset(offset);
  // The count and the page on two pooled connections at once (one after the other in a transaction).
  const [count, page] = await Promise.all([invoiceCount(db, term), rows.execute()]);
  const balances = await balancesOf(
    db,
    page.map((r) => r.ocurrence_id),
  );
  return {
    results: page.map((r) => {
      const patient = { id: r.patient_id, first_name: r.first_name, last_name: r.last_name };
      return {
        id: r.id,
        date: r.date,
        notes: r.notes,
        service_date: r.service_date,
        balance: num(balances.get(r.ocurrence_id) ?? '0'),
        order: { id: r.order_id, name: r.order_name, patient },
        patient,
      };
    }),
    count,
    page_size: query.page_size,
    current: query.page,
  };
}

/** The invoice's header: its occurrence, order and patient (the PDF reads more of them). */
export function invoiceHeaderQuery(db: Executor) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('ocurrences as oc', 'oc.id', 'i.ocurrence_id')
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .select([
      'i.id',
      'i.date',
      'i.notes',
      'i.ocurrence_id',
      SERVICE_DATE.as('service_date'),
      'oc.po_number as occurrence_po',
      'o.id as order_id',
      'o.name as order_name',
      'o.po_number as order_po',
      'p.id as patient_id',
      'p.first_name',
      'p.middle_name',
      'p.last_name',
      'p.address_1',
      'p.address_2',
      'p.city',
      'p.zip',
      'p.state_id',
    ]);
}

/** The services of an invoice, in entry order, with what the invoice and its PDF show of each. */
export function invoiceServicesQuery(db: Executor, occurrenceId: number) {
  return db
    .selectFrom('services as s')
    .leftJoin('price_variants as v', 'v.id', 's.variant_id')
    .select([
      's.id',
      's.product_id',
      's.product_name',
      's.product_reference',
      's.quantity as amount_remmited',
      's.sale_price',
      's.adjusted_sale_price',
      's.added_percentage',
      's.tax_amount',
      's.outstanding',
      's.remitted',
      's.amount_ajusted',
      's.write_off',
      's.patient_responsibility',
      's.rental_month',
      's.modifiers',
      's.unit_measure',
      'v.price_variant',
    ])
    .where('s.ocurrence_id', '=', occurrenceId)
    .orderBy('s.id');
}

export type InvoiceServiceRow = Awaited<ReturnType<ReturnType<typeof invoiceServicesQuery>['execute']>>[number];

export function toInvoiceService(r: InvoiceServiceRow): InvoiceService {
  return {
    id: r.id,
    product: { id: r.product_id },
    order_product: { order_product_name: r.product_name, order_product_reference_code: r.product_reference },
    amount_remmited: r.amount_remmited,
    sale_price: num(r.sale_price),
    adjusted_sale_price: num(r.adjusted_sale_price),
    added_percentage: r.added_percentage,
    outstanding: num(storedOutstanding(r)),
    amount_ajusted: num(r.amount_ajusted),
    write_off: num(r.write_off),
    tax_amount: num(r.tax_amount),
    remitted: num(r.remitted),
    patient_responsibility: patientShare(r) / 100,
    variant: { price_variant: r.price_variant ?? '', unit_measure: r.unit_measure },
  };
}

/** The PO number of the delivery: the occurrence's own, else the order's. */
export const effectivePo = (h: { occurrence_po: string; order_po: string }) => h.occurrence_po || h.order_po;

export async function getInvoice(
  db: Executor,
  id: number,
  whenFound?: (patientId: number) => Promise<void>,
): Promise<Invoice> {
  const header = await invoiceHeaderQuery(db).where('i.id', '=', id).executeTakeFirst();
  if (!header) throw notFound();
  // `whenFound` (the read's audit row) runs while the services are read.
  const [services, claim, remittance] = await Promise.all([
    invoiceServicesQuery(db, header.ocurrence_id).execute(),
    // The invoice's latest claim (the claims area makes them; the invoice screen shows it).
    db
      .selectFrom('claims')
      .select(['id', 'claim_number', 'status'])
      .where('invoice_id', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    remittanceLines(db, { invoiceId: id }),
    whenFound?.(header.patient_id),
  ]);
  const balance = num(invoiceBalance(services));
  const patientBalance = services.reduce((sum, s) => sum + patientShare(s), 0) / 100;
  return {
    id: header.id,
    date: header.date,
    notes: header.notes,
    service_date: header.service_date,
    balance,
    insurance_balance: Math.round((balance - patientBalance) * 100) / 100,
    patient_balance: patientBalance,
    order: {
      id: header.order_id,
      name: header.order_name,
      po_number: effectivePo(header),
      patient: { id: header.patient_id, first_name: header.first_name, last_name: header.last_name },
    },
    services: services.map(toInvoiceService),
    claim: claim ?? null,
    remittance_lines: remittance,
  };
}

/** Cents of a service's outstanding that the patient owes (835 patient responsibility). */
function patientShare(s: { outstanding: string | null; patient_responsibility: string }): number {
  return servicePatientShare({
    outstanding: centsOfNumeric(s.outstanding ?? 0),
    patientResponsibility: centsOfNumeric(s.patient_responsibility),
  });
}

/** PATCH /invoices/{id}/: notes and date; a change writes an audit row, a no-op does not. */
export function updateInvoice(db: Db, actorId: number, id: number, body: InvoiceUpdateBody): Promise<Invoice> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('invoices')
      .select(['id', 'date', 'notes'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    const changes = {
      ...(body.notes !== undefined && body.notes !== row.notes && { notes: body.notes }),
      ...(body.date !== undefined && body.date !== row.date && { date: body.date }),
    };
    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable('invoices')
        .set({ ...changes, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      await audit(trx, {
        userId: actorId,
        action: 'update',
        entity: 'invoice',
        entityId: id,
        before: { date: row.date, notes: row.notes },
        after: { date: changes.date ?? row.date, notes: changes.notes ?? row.notes },
      });
    }
    return getInvoice(trx, id);
  });
}
