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
import { keptPatientCounts, rareTerm } from '../db/kept-totals.ts';
import { pageByStateName, type Direction } from '../lib/state-groups.ts';
import { copyHasRareTerm, hasRareTerm } from '../lib/search.ts';
import { escapeLike, normalizeSearch, patientSearchCondition, searchPiece } from './search.ts';

/** A list's filters, and the search term when few patients have it (db/kept-totals.ts rareTerm). */
interface Filters {
  query: PatientListQuery;
  rentalsOnly: boolean;
  rare: string | null;
}

/**
 * The list's filters (Rentals only, status, state, search) on alias `p`: columns the patients and
 * patient_search (migration 0022) both have. A rare term's patients come from its index first; on
 * the copy (`onCopy`) a longer one is tested on the copy's own indexed text.
 */
function conditions({ query, rentalsOnly, rare }: Filters, onCopy = false): Expression<SqlBool>[] {
  const rareSearch = (term: string) =>
    onCopy ? copyHasRareTerm('p', 'patients', term) : hasRareTerm('p.id', 'patients', term);
  const search = rare !== null ? rareSearch(rare) : patientSearchCondition(query.search);
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

/** The same patients on patient_search (about half the patients' pages): what a search's count reads. */
function counted(db: Executor, f: Filters) {
  return db.selectFrom('patient_search as p').where((eb) => eb.and(conditions(f, true)));
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
  const term = normalizeSearch(query.search);
  // A term few patients have (none included) is read through its index first, not in the
  // page's order; the answer is remembered a minute, so a repeated search sends the page and
  // its count at once, on two pooled connections.
  const f: Filters = { query, rentalsOnly: opts.rentalsOnly, rare: await rareTerm(db, 'patient', term) };
  if (field === 'state') {
    const { rows, count } = await pageByState(db, f, direction, offset);
    return page(rows, count);
  }
  const [rows, total] = await Promise.all([rowsOfPage(db, f, field, direction, offset), patientCount(db, f)]);
  return page(rows, total);
}

/**
 * A page of the list sorted by one of the patient's own columns (then id). The page's patients are
 * chosen first, by id alone: in name order that is a walk of the name index, which carries every
 * column the filters test (migration 0027), so the patients it skips are never read from the table.
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

/**
 * The filters of the patients' kept counts, when they can count the list: without a search
 * (migration 0017) or with one of one to three characters (0023). Null: count on patient_search.
 */
function keptFilters({ query, rentalsOnly }: Filters) {
  const term = normalizeSearch(query.search);
  const piece = searchPiece(term);
  if (term !== '' && piece === undefined) return null;
  return { status: query.status, stateId: query.state, rentalsOnly, ...(piece !== undefined ? { piece } : {}) };
}

/** The patients matching the filters per state. */
function countsByState(db: Executor, f: Filters) {
  const kept = keptFilters(f);
  if (kept) return keptPatientCounts(db, kept);
  return counted(db, f)
    .select(['p.state_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('p.state_id')
    .execute();
}

async function patientCount(db: Executor, f: Filters): Promise<number> {
  if (keptFilters(f)) return (await countsByState(db, f)).reduce((sum, g) => sum + g.n, 0);
  const { n } = await counted(db, f)
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

/** Shortest term the trigram index can narrow (shorter ones would read every patient). */
const TRIGRAM = 3;

/**
 * GET /patients_list/: the best matches first (a name starts with the term, those whose last, first
 * or full name is the term before the others: a unique last name puts its patient on top), then
 * any other match (middle of a name, phone, email, city); within each, Active patients first, then
 * by name and id. At most PATIENT_PICKER_LIMIT rows. For a common term each part is read in the
 * picker index's order, so it stops after a page instead of ranking every patient; a rare term's
 * few patients are ranked at once; a term without letters (a phone) cannot start a name and is read
 * in that order alone.
 */
export async function listPatientsForPicker(db: Executor, searchText: string): Promise<PatientPickerRow[]> {
  const term = normalizeSearch(searchText);
  // A term few patients have: they are read through its index, not looked for in the picker
  // index's order (which read 57,000 patients to find the "nu" that do not start a name).
  const rare = await rareTerm(db, 'patient', term);
  const search = rare !== null ? hasRareTerm('p.id', 'patients', rare) : patientSearchCondition(term);
  const read = (part: Expression<SqlBool> | null, limit: number, rank?: Expression<number>) =>
    db
      .selectFrom('patients as p')
      .select(['p.id', 'p.first_name', 'p.last_name', 'p.birthdate'])
      .$if(search !== null, (qb) => qb.where(search!))
      .$if(part !== null, (qb) => qb.where(part!))
      .$if(rank !== undefined, (qb) => qb.orderBy(rank!))
      .orderBy(sql`(p.status <> 'Active')`)
      .orderBy('p.first_name')
      .orderBy('p.last_name')
      .orderBy('p.id')
      .limit(limit)
      .execute();
  if (search === null || !/\p{L}/u.test(term)) return read(null, PATIENT_PICKER_LIMIT);
  // The few patients of a rare term are ranked in one statement, in the order the parts below give.
  if (rare !== null) {
    const rank = sql<number>`CASE WHEN ${isName(term)} THEN 0 WHEN ${startsWithTerm(term)} THEN 1 ELSE 2 END`;
    return read(null, PATIENT_PICKER_LIMIT, rank);
  }

  let best = await read(startsWithTerm(term), PATIENT_PICKER_LIMIT);
  const exact = (p: PatientPickerRow) => isNameMatch(p, term);
  // A full page may leave exact matches behind it; the index finds them for a term long enough.
  const exactRows =
    best.length === PATIENT_PICKER_LIMIT && term.length >= TRIGRAM
      ? await read(isName(term), PATIENT_PICKER_LIMIT)
      : best.filter(exact);
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
