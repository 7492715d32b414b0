import { sql, type Kysely } from 'kysely';
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
import type { Database } from '../db/types.ts';
import { patientSearchCondition } from './search.ts';

type Executor = Kysely<Database>;
type Direction = 'asc' | 'desc';

/** Patients matching the list's filters: rentals only, status, state and search. */
function filtered(db: Executor, query: PatientListQuery, rentalsOnly: boolean) {
  const search = patientSearchCondition(query.search);
  return db
    .selectFrom('patients as p')
    .$if(rentalsOnly, (qb) => qb.where('p.rentals', '=', true))
    .$if(query.status !== null, (qb) => qb.where('p.status', '=', query.status!))
    .$if(query.state !== undefined, (qb) => qb.where('p.state_id', '=', query.state!))
    .$if(search !== null, (qb) => qb.where(search!));
}
type Filtered = ReturnType<typeof filtered>;

function withRowColumns(qb: Filtered) {
  return qb
    .leftJoin('usa_states as s', 's.id', 'p.state_id')
    .select(['p.id', 'p.first_name', 'p.last_name', 'p.birthdate', 'p.city', 'p.state_id', 's.name as state_name', 'p.phone', 'p.status', 'p.rentals']);
}
type Row = Awaited<ReturnType<ReturnType<typeof withRowColumns>['execute']>>[number];

function toListRow({ state_id, state_name, ...r }: Row): PatientListRow {
  return {
    ...r,
    status: patientStatusOrFallback(r.status),
    state: state_id !== null && state_name ? { id: state_id, name: state_name } : null,
  };
}

const ORDER_COLUMNS: Record<Exclude<PatientOrderingField, 'state'>, 'p.first_name' | 'p.last_name' | 'p.birthdate' | 'p.city' | 'p.phone' | 'p.status'> = {
  first_name: 'p.first_name',
  last_name: 'p.last_name',
  birthdate: 'p.birthdate',
  city: 'p.city',
  phone: 'p.phone',
  status: 'p.status',
};

/** GET /patients/ and /patients_rentals/: filtered, searched, sorted (ties by id) and paged. */
export async function listPatients(db: Executor, query: PatientListQuery, opts: { rentalsOnly: boolean }): Promise<Page<PatientListRow>> {
  const { field, desc } = patientOrdering(query.ordering);
  const direction: Direction = desc ? 'desc' : 'asc';
  const offset = (query.page - 1) * query.page_size;
  const page = (results: Row[], count: number) => ({ results: results.map(toListRow), count, page_size: query.page_size, current: query.page });
  if (field === 'state') {
    const { rows, count } = await pageByState(db, query, opts.rentalsOnly, direction, offset);
    return page(rows, count);
  }
  const [rows, total] = await Promise.all([
    withRowColumns(filtered(db, query, opts.rentalsOnly))
      .orderBy(ORDER_COLUMNS[field], direction)
      .orderBy('p.id', direction)
      .limit(query.page_size)
      .offset(offset)
      .execute(),
    filtered(db, query, opts.rentalsOnly).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(rows, total.n);
}

/**
 * Sorting by state name would sort every matching patient (a join and a full sort at 100,000
 * rows). Instead: count the matches per state, order those few groups by name (patients without
 * a state last when ascending, first when descending, as PostgreSQL orders NULLs), and read the
 * page from the one or two states it falls in through the (state_id, id) index.
 */
async function pageByState(db: Executor, query: PatientListQuery, rentalsOnly: boolean, direction: Direction, offset: number): Promise<{ rows: Row[]; count: number }> {
  const [groups, states] = await Promise.all([
    filtered(db, query, rentalsOnly).select(['p.state_id', sql<number>`count(*)::int`.as('n')]).groupBy('p.state_id').execute(),
    db.selectFrom('usa_states').select('id').orderBy('name').execute(),
  ]);
  const rank = new Map(states.map((s, i) => [s.id, i]));
  const rankOf = (stateId: number | null) => (stateId === null ? Number.POSITIVE_INFINITY : rank.get(stateId) ?? Number.POSITIVE_INFINITY);
  groups.sort((a, b) => (direction === 'asc' ? rankOf(a.state_id) - rankOf(b.state_id) : rankOf(b.state_id) - rankOf(a.state_id)));

  const rows: Row[] = [];
  let skip = offset;
  let wanted = query.page_size;
  for (const group of groups) {
    if (wanted === 0) break;
    if (skip >= group.n) {
      skip -= group.n;
      continue;
    }
    const take = Math.min(wanted, group.n - skip);
    const part = await withRowColumns(filtered(db, query, rentalsOnly))
      .$if(group.state_id === null, (qb) => qb.where('p.state_id', 'is', null))
      .$if(group.state_id !== null, (qb) => qb.where('p.state_id', '=', group.state_id!))
      .orderBy('p.id', direction)
      .limit(take)
      .offset(skip)
      .execute();
    rows.push(...part);
    wanted -= take;
    skip = 0;
  }
  return { rows, count: groups.reduce((sum, g) => sum + g.n, 0) };
}

/** GET /patients_list/: Active patients first, then by name; at most PATIENT_PICKER_LIMIT rows. */
export async function listPatientsForPicker(db: Executor, searchText: string): Promise<PatientPickerRow[]> {
  const search = patientSearchCondition(searchText);
  return db
    .selectFrom('patients as p')
    .select(['p.id', 'p.first_name', 'p.last_name', 'p.birthdate'])
    .$if(search !== null, (qb) => qb.where(search!))
    .orderBy(sql`(p.status <> 'Active')`)
    .orderBy('p.first_name')
    .orderBy('p.last_name')
    .orderBy('p.id')
    .limit(PATIENT_PICKER_LIMIT)
    .execute();
}
