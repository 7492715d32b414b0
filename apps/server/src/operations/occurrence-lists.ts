import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from '../db/database.ts';
import type {
  AlertExpiration,
  CallCustomerListQuery,
  CallCustomerRow,
  CallEligibilityListQuery,
  CallEligibilityRow,
  CheckEligibilityListQuery,
  CheckEligibilityRow,
  ContactPerson,
  DateRange,
  ExpirationOccurrenceRow,
  ExpirationOccurrencesQuery,
  FacilityFilter,
  OccurrenceOrderingField,
  Page,
  PatientInsurance,
} from '@dme/shared';
import { alertColor, dateRangeOf } from '@dme/shared';
import { orderingOf } from './ordering.ts';
import { toCallCustomerRow, toCallEligibilityRow, toCheckEligibilityRow } from './occurrence-rows.ts';
import { containsPattern, normalizeSearch, searchTextHas } from '../lib/search.ts';
import { pageByStateName, type StateGroup } from '../lib/state-groups.ts';
import { PATIENT_CONTACTS, PATIENT_INSURANCES } from '../lib/patient-json.ts';
import { withHolds } from '../lib/holds.ts';

/**
 * The occurrence work queues (Call Patients, Check Eligibility, Call Patient w Eligibility and
 * the occurrences with a due expiration). Every list starts from the occurrences of the date
 * range and filters them on the occurrence row (see `filtered`); the order and the patient are
 * joined by primary key for the page's rows, and the page's contacts, insurances and expirations
 * read afterwards for those rows only.
 */

export interface OccurrenceFilters {
  search: string;
  range: DateRange | null;
  /** A patient state; null: occurrences of patients without one. */
  state?: number | null | undefined;
  facility?: FacilityFilter;
  hideCompleted?: boolean;
  /** Only occurrences whose order has an unsolved expiration matching them (expirations_ocurrences). */
  dueExpiration?: boolean;
  /** One occurrence (a row's detail). */
  id?: number;
}

const ORDERINGS: Record<OccurrenceOrderingField, Expression<unknown>[]> = {
  date: [sql`oc.date`],
  patient_name: [sql`lower(p.last_name)`, sql`lower(p.first_name)`],
  /** Read per state instead (see `page`). */
  state: [sql`st.name`],
  birthdate: [sql`p.birthdate`],
  order: [sql`o.id`],
};

/**
 * Occurrences whose order has an unsolved expiration with a red or yellow alert for the range
 * (the SQL form of alertColor's non-green cases, see packages/shared operations/rules.ts). It
 * starts from the range's few expirations: a non-green match needs the yellow date in the range
 * or the expiration date equal to an occurrence date of the range.
 */
function dueExpirationCondition(range: DateRange): Expression<SqlBool> {
  return sql<SqlBool>`oc.id IN (
    SELECT due.id FROM expirations e
    JOIN ocurrences due ON due.order_id = e.order_id AND due.date BETWEEN ${range.start} AND ${range.end}
    WHERE NOT e.solved AND e.red_solved_date IS NULL
      AND (e.date BETWEEN ${range.start} AND ${range.end} OR (e.yellow AND e.yellow_date BETWEEN ${range.start} AND ${range.end}))
      AND (
        (e.yellow AND e.yellow_date BETWEEN ${range.start} AND ${range.end} AND e.yellow_solved_date IS NULL)
        OR (e.date = due.date AND NOT (e.yellow AND e.yellow_date IS NOT NULL AND e.yellow_date BETWEEN ${range.start} AND ${range.end}))
      )
  )`;
}

/**
 * The filtered occurrences, on the occurrence row alone: the patient's state, facility,
 * call-before-delivery flag and search text are the copies migration 0007 keeps on each
 * occurrence, so the range's count and first page read the covering ocurrences_queue_idx
 * (date, id) only. A search without a range finds the patients by their trigram index first.
 */
function filtered(db: Executor, f: OccurrenceFilters) {
  const term = normalizeSearch(f.search);
  const { range } = f;
  return db
    .selectFrom('ocurrences as oc')
    .$if(range !== null, (qb) => qb.where('oc.date', '>=', range!.start).where('oc.date', '<=', range!.end))
    .$if(typeof f.state === 'number', (qb) => qb.where(sql<SqlBool>`oc.patient_state_id = ${f.state!}`))
    .$if(f.state === null, (qb) => qb.where(sql<SqlBool>`oc.patient_state_id IS NULL`))
    .$if(f.facility === 'Yes', (qb) => qb.where(sql<SqlBool>`oc.patient_facility`))
    .$if(f.facility === 'No', (qb) => qb.where(sql<SqlBool>`NOT oc.patient_facility`))
    .$if(term !== '' && range !== null, (qb) =>
      qb.where(sql<SqlBool>`oc.patient_search_text LIKE ${containsPattern(term)}`),
    )
    .$if(term !== '' && range === null, (qb) =>
      qb.where(sql<SqlBool>`oc.patient_id IN (SELECT ps.id FROM patients ps WHERE ${searchTextHas('ps', term)})`),
    )
    .$if(f.hideCompleted === true, (qb) =>
      qb.where(
        sql<SqlBool>`NOT (oc.eligibility_toggle AND (oc.customer_approved OR NOT oc.patient_call_before_delivery))`,
      ),
    )
    .$if(f.dueExpiration === true && range !== null, (qb) => qb.where(dueExpirationCondition(range!)))
    .$if(f.id !== undefined, (qb) => qb.where('oc.id', '=', f.id!));
}

/** Which of the patient's and order's children a list shows with each row. */
interface Children {
  contacts?: boolean;
  insurances?: boolean;
  expirations?: boolean;
}

const NONE = sql`'[]'::json`;

/** The occurrence columns a row shows, read before the order and the patient are joined. */
const OCCURRENCE_COLUMNS = [
  'oc.id',
  'oc.date',
  'oc.eligibility_toggle',
  'oc.customer_approved',
  'oc.shipped',
  'oc.order_id',
] as const;

/** A page of the occurrences by date (and id), chosen on the occurrence row alone. */
interface Window {
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The rows with their children as JSON arrays, in the same statement: one round trip per page.
 * PostgreSQL evaluates the sub-selects for the page's rows only (after the LIMIT). With a
 * `window` the page is chosen on the occurrences alone and only its rows are joined: joined
 * first, PostgreSQL sizes its join caches (Memoize) for every date's occurrences, which cost
 * 2 to 4 ms per list without a range before a single row was read.
 */
function rowsQuery(db: Executor, f: OccurrenceFilters, children: Children = {}, window?: Window) {
  let source = filtered(db, f).select(OCCURRENCE_COLUMNS);
  if (window) {
    source = source
      .orderBy('oc.date', window.dir)
      .orderBy('oc.id', window.dir)
      .limit(window.limit)
      .offset(window.offset);
  }
  const contacts = children.contacts ? PATIENT_CONTACTS : NONE;
  const insurances = children.insurances ? PATIENT_INSURANCES : NONE;
  const expirations = children.expirations
    ? sql`(SELECT coalesce(json_agg(json_build_object('id', e.id, 'date', e.date, 'yellow', e.yellow,
          'yellow_date', e.yellow_date, 'solved', e.solved, 'red_solved_date', e.red_solved_date,
          'yellow_solved_date', e.yellow_solved_date) ORDER BY e.date, e.id), '[]'::json)
        FROM expirations e WHERE e.order_id = oc.order_id)`
    : NONE;
  return db
    .selectFrom(source.as('oc'))
    .innerJoin('orders as o', 'o.id', 'oc.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .leftJoin('usa_states as st', 'st.id', 'p.state_id')
    .select([
      ...OCCURRENCE_COLUMNS,
      'o.name as order_name',
      'o.patient_id',
      'p.first_name',
      'p.last_name',
      'p.birthdate',
      'p.phone',
      'p.mobile',
      'p.facility',
      'p.call_before_delivery',
      'p.state_id',
      'st.name as state_name',
      'st.abbreviation as state_abbreviation',
      sql<ContactPerson[]>`${contacts}`.as('contacts'),
      sql<PatientInsurance[]>`${insurances}`.as('insurances'),
      sql<AlertExpiration[]>`${expirations}`.as('expirations'),
    ]);
}

export type BaseRow = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

/** How many occurrences pass the filters. */
async function countOf(db: Executor, f: OccurrenceFilters): Promise<number> {
  const counted = await filtered(db, f)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return counted.count;
}

/** The same count per patient state. */
function countsByState(db: Executor, f: OccurrenceFilters): Promise<StateGroup[]> {
  return filtered(db, f)
    .select(['oc.patient_state_id as state_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('oc.patient_state_id')
    .execute();
}

/**
 * One page of the filtered occurrences and their count (two statements, both index-driven; by
 * state name, the page is read per state: lib/state-groups.ts).
 */
async function page(
  db: Executor,
  f: OccurrenceFilters,
  q: { ordering?: string | undefined; page: number; page_size: number },
  children: Children,
): Promise<{ rows: BaseRow[]; count: number }> {
  const ordering = orderingOf<OccurrenceOrderingField>(q.ordering, ORDERINGS, 'date');
  const dir = ordering.desc ? 'desc' : 'asc';
  const offset = (q.page - 1) * q.page_size;
  if (ordering.field === 'state') {
    return pageByStateName(db, countsByState(db, f), dir, { offset, limit: q.page_size }, (state, skip, take) =>
      rowsQuery(db, { ...f, state }, children, { dir, limit: take, offset: skip })
        .orderBy('oc.date', dir)
        .orderBy('oc.id', dir)
        .execute(),
    );
  }
  if (ordering.field === 'date') {
    const rows = rowsQuery(db, f, children, { dir, limit: q.page_size, offset })
      .orderBy('oc.date', dir)
      .orderBy('oc.id', dir);
    const [found, count] = await Promise.all([rows.execute(), countOf(db, f)]);
    return { rows: found, count };
  }
  let rows = rowsQuery(db, f, children);
  for (const key of ORDERINGS[ordering.field]) rows = rows.orderBy(key, dir);
  rows = rows.orderBy('oc.date', dir).orderBy('oc.id', dir);
  const [found, count] = await Promise.all([rows.limit(q.page_size).offset(offset).execute(), countOf(db, f)]);
  return { rows: found, count };
}

function pageOf<T>(results: T[], count: number, q: { page: number; page_size: number }): Page<T> {
  return { results, count, page_size: q.page_size, current: q.page };
}

// ---------------------------------------------------------------- Call Patients

/** GET /call-customers/: occurrences in the range with the patient, state, phones and contacts. */
export async function listCallCustomers(db: Executor, q: CallCustomerListQuery): Promise<Page<CallCustomerRow>> {
  const { rows, count } = await page(
    db,
    { search: q.search, range: dateRangeOf(q.start_date, q.end_date), state: q.state },
    q,
    { contacts: true },
  );
  return pageOf(rows.map(toCallCustomerRow), count, q);
}

async function oneRow(db: Executor, id: number, children: Children): Promise<BaseRow | null> {
  return (await rowsQuery(db, { search: '', range: null, id }, children).executeTakeFirst()) ?? null;
}

export async function callCustomerRow(db: Executor, id: number): Promise<CallCustomerRow | null> {
  const row = await oneRow(db, id, { contacts: true });
  return row && toCallCustomerRow(row);
}

// ---------------------------------------------------------------- Check Eligibility

/** GET /check-eligibility/: occurrences in the range with the patient's birthdate, state and insurances. */
export async function listCheckEligibility(
  db: Executor,
  q: CheckEligibilityListQuery,
): Promise<Page<CheckEligibilityRow>> {
  const { rows, count } = await page(
    db,
    { search: q.search, range: dateRangeOf(q.start_date, q.end_date), state: q.state },
    q,
    { insurances: true },
  );
  return pageOf(rows.map(toCheckEligibilityRow), count, q);
}

export async function checkEligibilityRow(db: Executor, id: number): Promise<CheckEligibilityRow | null> {
  const row = await oneRow(db, id, { insurances: true });
  return row && toCheckEligibilityRow(row);
}

// ---------------------------------------------------------------- Call Patient w Eligibility

/** GET /call-patient-eligibility/: hidden_completed (default true) leaves out completed occurrences. */
export async function listCallEligibility(
  db: Executor,
  q: CallEligibilityListQuery,
): Promise<Page<CallEligibilityRow>> {
  const range = dateRangeOf(q.start_date, q.end_date);
  const { rows, count } = await page(
    db,
    { search: q.search, range, state: q.state, facility: q.facility, hideCompleted: q.hidden_completed },
    q,
    { insurances: true, expirations: true },
  );
  return pageOf(
    await withHolds(
      db,
      rows.map((r) => toCallEligibilityRow(r, range)),
    ),
    count,
    q,
  );
}

export async function callEligibilityRow(db: Executor, id: number): Promise<CallEligibilityRow | null> {
  const row = await oneRow(db, id, { insurances: true, expirations: true });
  return row && (await withHolds(db, [toCallEligibilityRow(row, null)]))[0];
}

// ---------------------------------------------------------------- occurrences with a due expiration

/**
 * GET /expirations_ocurrences/: the occurrences of the range whose order has an unsolved
 * expiration matching them (alert red or yellow), with the order's expirations and the alert.
 */
export async function listExpirationOccurrences(
  db: Executor,
  q: ExpirationOccurrencesQuery,
): Promise<Page<ExpirationOccurrenceRow>> {
  const range = { start: q.start_date, end: q.end_date };
  const { rows, count } = await page(
    db,
    { search: q.search, range, state: q.state, facility: q.facility, dueExpiration: true },
    q,
    { expirations: true },
  );
  const results = rows.map((r) => ({
    id: r.id,
    date: r.date,
    order: { id: r.order_id, name: r.order_name, patient_id: r.patient_id },
    patient: { id: r.patient_id, first_name: r.first_name, last_name: r.last_name },
    expirations: r.expirations,
    alert: alertColor({ has_expirations: r.expirations.length > 0, expirations: r.expirations }, r.date, range),
  }));
  return pageOf(results, count, q);
}
