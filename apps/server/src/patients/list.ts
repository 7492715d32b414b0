import { sql, type Expression, type SqlBool } from 'kysely';
import {
  PATIENT_PICKER_LIMIT,
  patientOrdering,
  patientStatusOrFallback,
  type Page,
  type PatientListQuery,
  type PatientListRow,
  type PatientOrderingField,
  type PatientPickerRow,
} from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { pageByStateName, type Direction } from '../lib/state-groups.ts';
import { escapeLike, normalizeSearch, patientSearchCondition } from '../lib/search.ts';

/**
 * The patient lists (GET /patients/, /patients_rentals/) and the picker (GET /patients_list/):
 * plain queries on `patients`. A list's count and its page are two statements run side by side;
 * the search is the trigram-indexed `search_text` (migration 0002), the orderings walk the
 * (column, id) indexes.
 */

interface Filters {
  query: PatientListQuery;
  rentalsOnly: boolean;
}

/** The list's filters (Rentals only, status, state, search) on alias `p`. */
function conditions({ query, rentalsOnly }: Filters): Expression<SqlBool>[] {
  const search = patientSearchCondition(query.search);
  return [
    ...(rentalsOnly ? [sql<SqlBool>`p.rentals`] : []),
    ...(query.status !== null ? [sql<SqlBool>`p.status = ${query.status}`] : []),
    ...(query.state !== undefined ? [sql<SqlBool>`p.state_id = ${query.state}`] : []),
    ...(search !== null ? [search] : []),
  ];
}

/** Patients matching the list's filters. */
function filtered(db: Executor, f: Filters) {
  return db.selectFrom('patients as p').where((eb) => eb.and(conditions(f)));
}
type Filtered = ReturnType<typeof filtered>;

function withRowColumns(qb: Filtered) {
  return qb
    .leftJoin('usa_states as s', 's.id', 'p.state_id')
    .select([
      'p.id',
      'p.first_name',
      'p.last_name',
      'p.birthdate',
      'p.city',
      'p.state_id',
      's.name as state_name',
      'p.phone',
      'p.status',
      'p.rentals',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof withRowColumns>['execute']>>[number];

function toListRow({ state_id, state_name, ...r }: Row): PatientListRow {
  return {
    ...r,
    status: patientStatusOrFallback(r.status),
    state: state_id !== null && state_name ? { id: state_id, name: state_name } : null,
  };
}

const ORDER_COLUMNS: Record<
  Exclude<PatientOrderingField, 'state'>,
  'p.first_name' | 'p.last_name' | 'p.birthdate' | 'p.city' | 'p.phone' | 'p.status'
> = {
  first_name: 'p.first_name',
  last_name: 'p.last_name',
  birthdate: 'p.birthdate',
  city: 'p.city',
  phone: 'p.phone',
  status: 'p.status',
};

/** GET /patients/ and /patients_rentals/: filtered, searched, sorted (ties by id) and paged. */
export async function listPatients(
  db: Executor,
  query: PatientListQuery,
  opts: { rentalsOnly: boolean },
): Promise<Page<PatientListRow>> {
  const { field, desc } = patientOrdering(query.ordering);
  const direction: Direction = desc ? 'desc' : 'asc';
  const offset = (query.page - 1) * query.page_size;
  const page = (results: Row[], count: number) => ({
    results: results.map(toListRow),
    count,
    page_size: query.page_size,
    current: query.page,
  });
  const f: Filters = { query, rentalsOnly: opts.rentalsOnly };
  if (field === 'state') {
    const { rows, count } = await pageByState(db, f, direction, offset);
    return page(rows, count);
  }
  const [rows, total] = await Promise.all([rowsOfPage(db, f, field, direction, offset), patientCount(db, f)]);
  return page(rows, total);
}

/**
 * A page of the list sorted by one of the patient's own columns (then id). The page's ids are
 * chosen first: in name order that walks the name index, which carries every column the filters
 * test (migration 0027), so the patients it skips are never read from the table.
 */
function rowsOfPage(
  db: Executor,
  f: Filters,
  field: Exclude<PatientOrderingField, 'state'>,
  direction: Direction,
  offset: number,
) {
  const column = ORDER_COLUMNS[field];
  const chosen = filtered(db, f)
    .select('p.id')
    .orderBy(column, direction)
    .orderBy('p.id', direction)
    .limit(f.query.page_size)
    .offset(offset);
  return withRowColumns(db.selectFrom('patients as p').where('p.id', 'in', chosen))
    .orderBy(column, direction)
    .orderBy('p.id', direction)
    .execute();
}

/** The patients matching the filters per state. */
function countsByState(db: Executor, f: Filters) {
  return filtered(db, f)
    .select(['p.state_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('p.state_id')
    .execute();
}

async function patientCount(db: Executor, f: Filters): Promise<number> {
  const { n } = await filtered(db, f)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

/** Ordered by state name: per-state counts, then the page's one or two states by (state_id, id). */
async function pageByState(
  db: Executor,
  f: Filters,
  direction: Direction,
  offset: number,
): Promise<{ rows: Row[]; count: number }> {
  return pageByStateName(
    db,
    countsByState(db, f),
    direction,
    { offset, limit: f.query.page_size },
    (stateId, skip, take) =>
      withRowColumns(filtered(db, f))
        .$if(stateId === null, (qb) => qb.where('p.state_id', 'is', null))
        .$if(stateId !== null, (qb) => qb.where('p.state_id', '=', stateId!))
        .orderBy('p.id', direction)
        .limit(take)
        .offset(skip)
        .execute(),
  );
}

/** The picker's name columns, lower-cased as search terms are. */
const LAST = sql`lower(p.last_name)`;
const FIRST = sql`lower(p.first_name)`;
const FULL = sql`lower(p.first_name || ' ' || p.last_name)`;

/** The last, first or full name is the term. */
function isName(term: string) {
  return sql<SqlBool>`(${LAST} = ${term} OR ${FIRST} = ${term} OR ${FULL} = ${term})`;
}

/** The last, first or full name starts with the term (or is it). */
function startsWithTerm(term: string) {
  const prefix = `${escapeLike(term)}%`;
  return sql<SqlBool>`(${LAST} LIKE ${prefix} OR ${FIRST} LIKE ${prefix} OR ${FULL} LIKE ${prefix})`;
}

/**
 * GET /patients_list/: the best matches first (a name starts with the term, those whose last, first
 * or full name is the term before the others: a unique last name puts its patient on top), then
 * any other match (middle of a name, phone, email, city); within each, Active patients first, then
 * by name and id. At most PATIENT_PICKER_LIMIT rows. Each part is read in the picker index's order
 * and stops after a page instead of ranking every patient; a term without letters (a phone) cannot
 * start a name and is read in that order alone.
 */
export async function listPatientsForPicker(db: Executor, searchText: string): Promise<PatientPickerRow[]> {
  const term = normalizeSearch(searchText);
  const search = patientSearchCondition(term);
  const read = (part: Expression<SqlBool> | null, limit: number) =>
    db
      .selectFrom('patients as p')
      .select(['p.id', 'p.first_name', 'p.last_name', 'p.birthdate'])
      .$if(search !== null, (qb) => qb.where(search!))
      .$if(part !== null, (qb) => qb.where(part!))
      .orderBy(sql`(p.status <> 'Active')`)
      .orderBy('p.first_name')
      .orderBy('p.last_name')
      .orderBy('p.id')
      .limit(limit)
      .execute();
  if (search === null || !/\p{L}/u.test(term)) return read(null, PATIENT_PICKER_LIMIT);

  let best = await read(startsWithTerm(term), PATIENT_PICKER_LIMIT);
  const exact = (p: PatientPickerRow) => isNameMatch(p, term);
  // A full page may leave exact matches behind it: the lower-cased name indexes find them.
  const exactRows =
    best.length === PATIENT_PICKER_LIMIT ? await read(isName(term), PATIENT_PICKER_LIMIT) : best.filter(exact);
  const exactIds = new Set(exactRows.map((p) => p.id));
  best = [...exactRows, ...best.filter((p) => !exactIds.has(p.id))].slice(0, PATIENT_PICKER_LIMIT);
  if (best.length === PATIENT_PICKER_LIMIT) return best;
  const others = await read(sql<SqlBool>`NOT ${startsWithTerm(term)}`, PATIENT_PICKER_LIMIT - best.length);
  return [...best, ...others];
}

/** The same test as isName, on a row already read. */
function isNameMatch(p: { first_name: string; last_name: string }, term: string): boolean {
  const last = p.last_name.toLowerCase();
  const first = p.first_name.toLowerCase();
  return last === term || first === term || `${first} ${last}` === term;
}
