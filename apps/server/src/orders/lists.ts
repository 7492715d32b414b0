import { sql } from 'kysely';
import type { ListQuery, OrderListItem, OrderProductLine, Page, PatientOrder } from '@dme/shared';
import { knownOrdering } from '@dme/shared';
import type { Db } from '../db/database.ts';
import { notFound } from '../lib/errors.ts';
import { holdsFor } from '../lib/holds.ts';
import { normalizeSearch, searchTextHas } from '../lib/search.ts';
import { isoOrNull, lineQuery, toLine } from '../lib/order-views.ts';

/** Read-only lists of the orders area: the order list, a patient's orders, an order's lines, lookups. */

const ORDERINGS = {
  patient: [sql`lower(p.last_name)`, sql`lower(p.first_name)`],
  patient_name: [sql`lower(p.last_name)`, sql`lower(p.first_name)`],
  name: [sql`lower(o.name)`],
  status: [sql`s.name`],
  delivery: [sql`d.name`],
  po_number: [sql`lower(o.po_number)`],
  id: [],
} as const;

/**
 * Orders matching the search on order name, PO number or patient name: one LIKE on the orders'
 * lower-cased `search_text` (migration 0010, trigram-indexed), and of one patient when given.
 */
function filtered(db: Db, search: string, patientId: number | undefined) {
  const term = normalizeSearch(search);
  return db
    .selectFrom('orders as o')
    .$if(patientId !== undefined, (qb) => qb.where('o.patient_id', '=', patientId!))
    .$if(term !== '', (qb) => qb.where(searchTextHas('o', term)));
}

/** How many orders the filters find. */
async function counted(db: Db, search: string, patientId: number | undefined): Promise<number> {
  const { count } = await filtered(db, search, patientId)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
}

/** Orderings on the order's own columns: the page is chosen on the orders before anything is joined. */
const OWN_ORDERINGS = new Set<keyof typeof ORDERINGS>(['name', 'po_number', 'id']);

/** GET /orders/: search on order name, patient name and PO number; ordering; paging. */
export async function listOrders(db: Db, query: ListQuery & { patient_id?: number }): Promise<Page<OrderListItem>> {
  const ordering = knownOrdering(query.ordering, ORDERINGS);
  // No ordering: the newest order first.
  const dir = ordering ? (ordering.desc ? 'desc' : 'asc') : 'desc';
  const keys = [...(ordering ? ORDERINGS[ordering.field] : []), sql`o.id`];
  const own = !ordering || OWN_ORDERINGS.has(ordering.field);
  const offset = (query.page - 1) * query.page_size;
  const source = filtered(db, query.search, query.patient_id).select([
    'o.id',
    'o.name',
    'o.patient_id',
    'o.status_id',
    'o.delivery_id',
    'o.po_number',
  ]);
  // Joined first, PostgreSQL sizes its join caches (Memoize) for every order the filters allow.
  const paged = own
    ? keys
        .reduce((qb, k) => qb.orderBy(k, dir), source)
        .limit(query.page_size)
        .offset(offset)
    : source;
  let rows = db
    .selectFrom(paged.as('o'))
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .innerJoin('order_statuses as s', 's.id', 'o.status_id')
    .innerJoin('deliveries as d', 'd.id', 'o.delivery_id')
    .select([
      'o.id',
      'o.name',
      'o.patient_id',
      'p.first_name',
      'p.last_name',
      'o.status_id',
      's.name as status_name',
      'o.delivery_id',
      'd.name as delivery_name',
      'o.po_number',
    ]);
  for (const k of keys) rows = rows.orderBy(k, dir);
  if (!own) rows = rows.limit(query.page_size).offset(offset);
  // Every order has its patient, status and delivery (foreign keys), so counting needs no join;
  // the count and the page run on two pooled connections at once.
  const [count, results] = await Promise.all([counted(db, query.search, query.patient_id), rows.execute()]);
  return {
    results: results.map((r) => ({
      id: r.id,
      name: r.name,
      patient_id: r.patient_id,
      patient: { first_name: r.first_name, last_name: r.last_name },
      status: { id: r.status_id, name: r.status_name },
      delivery: { id: r.delivery_id, name: r.delivery_name },
      po_number: r.po_number,
    })),
    count,
    page_size: query.page_size,
    current: query.page,
  };
}

/** A patient's orders, newest first, with their status and delivery names. */
function ordersOfPatient(db: Db, patientId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_statuses as s', 's.id', 'o.status_id')
    .innerJoin('deliveries as d', 'd.id', 'o.delivery_id')
    .select(['o.id', 'o.name', 'o.status_id', 's.name as status_name', 'o.delivery_id', 'd.name as delivery_name'])
    .where('o.patient_id', '=', patientId)
    .orderBy('o.id', 'desc')
    .execute();
}

/** GET /orders/patient-what-ever/{id}: the patient's orders with their occurrences by date. */
export async function patientOrders(
  db: Db,
  patientId: number,
  whenFound?: () => Promise<void>,
): Promise<PatientOrder[]> {
  const patient = await db.selectFrom('patients').select('id').where('id', '=', patientId).executeTakeFirst();
  if (!patient) throw notFound();
  // `whenFound` (the read's audit row) runs while the orders are read.
  const [orders] = await Promise.all([ordersOfPatient(db, patientId), whenFound?.()]);
  const occurrences = orders.length
    ? await db
        .selectFrom('ocurrences as oc')
        .leftJoin('invoices as inv', 'inv.ocurrence_id', 'oc.id')
        .select([
          'oc.id',
          'oc.order_id',
          'oc.date',
          'oc.ticket_created',
          'oc.eligibility_toggle',
          'oc.customer_approved',
          'oc.shipped',
          'inv.id as invoice_id',
          sql<
            number | null
          >`(SELECT d.id FROM documents d WHERE d.ocurrence_id = oc.id AND d.delivered_at IS NOT NULL)`.as(
            'delivery_document_id',
          ),
        ])
        .where(
          'oc.order_id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('oc.date')
        .orderBy('oc.id')
        .execute()
    : [];
  const holds = await holdsFor(
    db,
    occurrences.map((x) => x.id),
  );
  const byOrder = new Map<number, PatientOrder['ocurrences']>();
  for (const x of occurrences) {
    const list = byOrder.get(x.order_id) ?? [];
    list.push({
      id: x.id,
      date: x.date,
      ticket_created: isoOrNull(x.ticket_created),
      eligibility_toggle: x.eligibility_toggle,
      customer_approved: x.customer_approved,
      shipped: x.shipped,
      invoice: x.invoice_id === null ? null : { id: x.invoice_id },
      ...(holds.get(x.id) ?? { holds: [], hold_release: null }),
      delivery_document_id: x.delivery_document_id,
    });
    byOrder.set(x.order_id, list);
  }
  return orders.map((o) => ({
    id: o.id,
    name: o.name,
    delivery: { id: o.delivery_id, name: o.delivery_name },
    status: { id: o.status_id, name: o.status_name },
    ocurrences: byOrder.get(o.id) ?? [],
  }));
}

/** GET /order_products/{id}: the product lines of order {id}. */
export async function orderLines(
  db: Db,
  orderId: number,
  whenFound?: (patientId: number) => Promise<void>,
): Promise<OrderProductLine[]> {
  const order = await db.selectFrom('orders').select('patient_id').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound();
  // `whenFound` (the read's audit row) runs while the lines are read.
  const [rows] = await Promise.all([
    lineQuery(db).where('l.order_id', '=', orderId).orderBy('l.id').execute(),
    whenFound?.(order.patient_id),
  ]);
  return rows.map(toLine);
}

export function lookups(db: Db, table: 'order_statuses' | 'deliveries' | 'recurrences') {
  return db.selectFrom(table).select(['id', 'name']).orderBy('id').execute();
}
