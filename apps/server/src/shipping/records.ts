import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { HoldFields, ShippingFilters, ShippingListQuery, ShippingPage, ShippingRecord } from '@dme/shared';
import { DEFAULT_SHIPPING_ORDERING, parseOrdering } from '@dme/shared';
import type { Database } from '../db/types.ts';
import { notFound } from '../lib/errors.ts';
import { withHolds } from '../lib/holds.ts';
import { normalizeSearch, searchTextHas } from '../lib/search.ts';
import { pageByStateName, type StateGroup } from '../lib/state-groups.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

/** "Today" in the office's time zone (YYYY-MM-DD): the shipped date and the invoice date. */
export function officeToday(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Orderings on a column of the occurrence (then id): the page is chosen before anything is joined. */
const OWN_COLUMNS = {
  date: 'oc.date',
  order: 'oc.order_id',
  ticket_created: 'oc.ticket_created',
  shipped_date: 'oc.shipped_date',
  id: 'oc.id',
} as const;
/** The list's orderings: those, the patient's name, and the state's name. */
type OrderingField = keyof typeof OWN_COLUMNS | 'patient_name' | 'state';

function orderingOf(text: string | undefined): { field: OrderingField; desc: boolean } {
  const parsed = parseOrdering(text ?? DEFAULT_SHIPPING_ORDERING);
  if (parsed && (Object.hasOwn(OWN_COLUMNS, parsed.field) || ['patient_name', 'state'].includes(parsed.field)))
    return { field: parsed.field as OrderingField, desc: parsed.desc };
  return { field: 'date', desc: false };
}

/** A search that may be an order's number. */
const ORDER_NUMBER = /^\d{1,9}$/;

/**
 * The occurrences of the orders matching the search: those whose search text (trigram-indexed)
 * contains it, or the order whose number it is.
 */
function searchCondition(db: Executor, filters: ShippingFilters): Expression<SqlBool> | null {
  const term = normalizeSearch(filters.search);
  if (!term) return null;
  const number = ORDER_NUMBER.test(term) ? Number(term) : null;
  const byText = db.selectFrom('orders as os').select('os.id').where(searchTextHas('os', term));
  const matches =
    number === null ? byText : byText.union(db.selectFrom('orders').select('id').where('id', '=', number));
  return sql<SqlBool>`oc.order_id IN (${matches})`;
}

/**
 * The occurrences within the shipping filters, judged on the occurrence's own columns: each keeps
 * a copy of its patient's state, facility and call-before-delivery flag (migration 0007), so
 * counts need no join.
 */
export function occurrencesWithin(db: Executor, filters: ShippingFilters) {
  const search = searchCondition(db, filters);
  return db
    .selectFrom('ocurrences as oc')
    .$if(filters.start_date !== undefined, (qb) => qb.where('oc.date', '>=', filters.start_date!))
    .$if(filters.end_date !== undefined, (qb) => qb.where('oc.date', '<=', filters.end_date!))
    .$if(filters.state !== undefined, (qb) => qb.where('oc.patient_state_id', '=', filters.state!))
    .$if(filters.facility !== 'All', (qb) => qb.where('oc.patient_facility', '=', filters.facility === 'Yes'))
    .$if(filters.hidden_shipped, (qb) => qb.where('oc.shipped', '=', false))
    .$if(search !== null, (qb) => qb.where(search!));
}

/** The occurrence columns a record shows, read before anything is joined. */
const OCCURRENCE_COLUMNS = [
  'oc.id',
  'oc.date',
  'oc.eligibility_toggle',
  'oc.customer_approved',
  'oc.ticket_created',
  'oc.user_ticket_id',
  'oc.shipped',
  'oc.shipped_date',
  'oc.printed',
  'oc.batch_print_id',
  'oc.order_id',
] as const;

type Occurrences = ReturnType<typeof occurrencesWithin>;
type OccurrenceSource = ReturnType<Occurrences['select']>;

/**
 * The records of `source` (occurrences with OCCURRENCE_COLUMNS) with their order, patient, state,
 * ticket user and invoice. A page chosen on the occurrences alone (ordered by their own columns,
 * then limited) is joined for its rows only: joined first, PostgreSQL sizes its join caches
 * (Memoize) for every occurrence of the filters, 2 to 4 ms per page without dates.
 */
function withRecordColumns(db: Executor, source: OccurrenceSource) {
  return db
    .selectFrom(source.as('oc'))
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .leftJoin('usa_states as st', 'st.id', 'p.state_id')
    .leftJoin('users as u', 'u.id', 'oc.user_ticket_id')
    .leftJoin('invoices as inv', 'inv.ocurrence_id', 'oc.id')
    .select([
      ...OCCURRENCE_COLUMNS,
      'u.username as ticket_username',
      'inv.id as invoice_id',
      'p.id as patient_id',
      'p.first_name',
      'p.last_name',
      'p.state_id',
      'st.name as state_name',
      'p.call_before_delivery',
      'p.facility',
      'o.name as order_name',
      sql<number | null>`(SELECT d.id FROM documents d WHERE d.ocurrence_id = oc.id AND d.delivered_at IS NOT NULL)`.as(
        'delivery_document_id',
      ),
    ]);
}

const occurrenceColumns = (qb: Occurrences) => qb.select(OCCURRENCE_COLUMNS);

type RecordRow = Awaited<ReturnType<ReturnType<typeof withRecordColumns>['execute']>>[number];

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

function toRecord(r: RecordRow): Omit<ShippingRecord, keyof HoldFields> {
  return {
    id: r.id,
    date: r.date,
    eligibility_toggle: r.eligibility_toggle,
    customer_approved: r.customer_approved,
    ticket_created: iso(r.ticket_created),
    user_ticket:
      r.user_ticket_id !== null && r.ticket_username !== null
        ? { id: r.user_ticket_id, username: r.ticket_username }
        : null,
    shipped: r.shipped,
    shipped_date: r.shipped_date,
    printed: r.printed,
    batch_print_id: r.batch_print_id,
    invoice_id: r.invoice_id,
    patient: {
      id: r.patient_id,
      first_name: r.first_name,
      last_name: r.last_name,
      state: r.state_id !== null && r.state_name !== null ? { id: r.state_id, name: r.state_name } : null,
      call_before_delivery: r.call_before_delivery,
      facility: r.facility,
    },
    order: { id: r.order_id, name: r.order_name, patient_id: r.patient_id },
    delivery_document_id: r.delivery_document_id,
  };
}

/** How many occurrences pass the filters. */
async function shippingCount(db: Executor, filters: ShippingFilters): Promise<number> {
  const { n } = await occurrencesWithin(db, filters)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

/** The same count per patient state. */
function countsByState(db: Executor, filters: ShippingFilters): Promise<StateGroup[]> {
  return occurrencesWithin(db, filters)
    .select(['oc.patient_state_id as state_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('oc.patient_state_id')
    .execute();
}

/**
 * GET /shipping-status/: the filtered occurrences, ordered (default by date) and paged. By state
 * name, the page is read per state, by date within it (lib/state-groups.ts).
 */
export async function listShipping(db: Executor, query: ShippingListQuery): Promise<ShippingPage> {
  const { field, desc } = orderingOf(query.ordering);
  const dir = desc ? 'desc' : 'asc';
  const offset = (query.page - 1) * query.page_size;
  const done = async (results: RecordRow[], count: number): Promise<ShippingPage> => ({
    results: await withHolds(db, results.map(toRecord)),
    count,
    page_size: query.page_size,
    current: query.page,
  });
  /** A page of `occurrences` ordered by one of their columns (then id), chosen first and then joined. */
  const ownPage = (occurrences: Occurrences, column: string, skip: number, take: number) => {
    const keys = [...new Set([column, 'oc.id'])].map((key) => sql.ref(key));
    const paged = keys.reduce((qb, key) => qb.orderBy(key, dir), occurrenceColumns(occurrences));
    return keys
      .reduce((qb, key) => qb.orderBy(key, dir), withRecordColumns(db, paged.limit(take).offset(skip)))
      .execute();
  };
  if (field === 'state') {
    const { rows, count } = await pageByStateName(
      db,
      countsByState(db, query),
      dir,
      { offset, limit: query.page_size },
      (stateId, skip, take) =>
        ownPage(
          occurrencesWithin(db, { ...query, state: undefined })
            .$if(stateId === null, (qb) => qb.where('oc.patient_state_id', 'is', null))
            .$if(stateId !== null, (qb) => qb.where('oc.patient_state_id', '=', stateId!)),
          'oc.date',
          skip,
          take,
        ),
    );
    return done(rows, count);
  }
  const page =
    field === 'patient_name'
      ? withRecordColumns(db, occurrenceColumns(occurrencesWithin(db, query)))
          .orderBy(sql`lower(p.last_name)`, dir)
          .orderBy(sql`lower(p.first_name)`, dir)
          .orderBy('oc.id', dir)
          .limit(query.page_size)
          .offset(offset)
          .execute()
      : ownPage(occurrencesWithin(db, query), OWN_COLUMNS[field], offset, query.page_size);
  // The count and the page on two pooled connections at once (one after the other in a transaction).
  const [count, results] = await Promise.all([shippingCount(db, query), page]);
  return done(results, count);
}

/** One shipping record; 404 when the occurrence does not exist. */
export async function readShippingRecord(db: Executor, id: number): Promise<ShippingRecord> {
  const row = await withRecordColumns(
    db,
    db.selectFrom('ocurrences as oc').select(OCCURRENCE_COLUMNS).where('oc.id', '=', id),
  ).executeTakeFirst();
  if (!row) throw notFound();
  const [record] = await withHolds(db, [toRecord(row)]);
  return record;
}
