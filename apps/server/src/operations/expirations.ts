import { sql, type Expression, type SqlBool } from 'kysely';
import dayjs from 'dayjs';
import type { Executor } from '../db/database.ts';
import type {
  CheckExpirations,
  CheckExpirationsQuery,
  DateRange,
  ExpirationListQuery,
  ExpirationOrderingField,
  ExpirationRow,
  Page,
} from '@dme/shared';
import { expirationColor, WIRE_DATE } from '@dme/shared';
import { patientSearchCondition } from '../lib/search.ts';
import { orderingOf } from './ordering.ts';

/**
 * The Expirations list (spec part 3 sections 2.1 and 4.1). An expiration is listed for a range
 * when its date or (flagged yellow) its yellow date lies in the range: both are indexed
 * (expirations_date_idx, expirations_yellow_date_idx), so the list starts from the range's few
 * expirations and joins order and patient by primary key.
 */

export type ExpirationFilters = Pick<
  ExpirationListQuery,
  'search' | 'state' | 'facility' | 'waiver' | 'hide_solved' | 'start_date' | 'end_date'
>;

/** Green for the range, as expirationColor decides it (packages/shared operations/rules.ts). */
function greenCondition(range: DateRange): Expression<SqlBool> {
  return sql<SqlBool>`(
    e.red_solved_date IS NOT NULL
    OR (e.yellow AND e.yellow_date BETWEEN ${range.start} AND ${range.end}
        AND NOT (e.date BETWEEN ${range.start} AND ${range.end}) AND e.yellow_solved_date IS NOT NULL)
  )`;
}

/** Listed in the range: the expiration date, or the yellow date of a yellow expiration, lies in it. */
function inRangeCondition(range: DateRange): Expression<SqlBool> {
  return sql<SqlBool>`(
    e.date BETWEEN ${range.start} AND ${range.end}
    OR (e.yellow AND e.yellow_date BETWEEN ${range.start} AND ${range.end})
  )`;
}

function filtered(db: Executor, f: ExpirationFilters) {
  const range = { start: f.start_date, end: f.end_date };
  const search = patientSearchCondition(f.search);
  return db
    .selectFrom('expirations as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .innerJoin('patients as p', 'p.id', 'o.patient_id')
    .where(inRangeCondition(range))
    .where('e.waiver', '=', f.waiver)
    .$if(f.state !== undefined, (qb) => qb.where('p.state_id', '=', f.state!))
    .$if(f.facility === 'Yes', (qb) => qb.where('p.facility', '=', true))
    .$if(f.facility === 'No', (qb) => qb.where('p.facility', '=', false))
    .$if(search !== null, (qb) => qb.where(search!))
    .$if(f.hide_solved, (qb) => qb.where(sql<SqlBool>`NOT ${greenCondition(range)}`));
}

/** The patients of the filtered expirations (the batch print's audit rows: lib/audit.ts auditBatchRead). */
export function expirationPatients(db: Executor, f: ExpirationFilters) {
  return filtered(db, f).select('o.patient_id');
}

const ORDERINGS: Record<ExpirationOrderingField, Expression<unknown>[]> = {
  date: [sql`e.date`],
  yellow_date: [sql`e.yellow_date`],
  patient_name: [sql`lower(p.last_name)`, sql`lower(p.first_name)`],
};

/**
 * The rows of the filtered expirations in the list's ordering. DOS: the date of the order's
 * first occurrence on or after the expiration date (the service the expiration holds up; the
 * occurrence of that very date when there is one). Last service: the order's most recent
 * shipped occurrence. Both read through the (order_id, date) unique key.
 */
export function expirationRows(db: Executor, f: ExpirationFilters, ordering: string | undefined) {
  const order = orderingOf(ordering, ORDERINGS, 'date');
  const dir = order.desc ? 'desc' : 'asc';
  let q = filtered(db, f).select([
    'e.id',
    'e.order_id',
    'e.date',
    'e.note',
    'e.yellow',
    'e.yellow_date',
    'e.waiver',
    'e.solved',
    'e.red_solved_date',
    'e.yellow_solved_date',
    'o.patient_id',
    'p.first_name',
    'p.last_name',
    sql<
      string | null
    >`(SELECT min(oc.date) FROM ocurrences oc WHERE oc.order_id = e.order_id AND oc.date >= e.date)`.as('dos'),
    sql<string | null>`(SELECT max(oc.date) FROM ocurrences oc WHERE oc.order_id = e.order_id AND oc.shipped)`.as(
      'last_service',
    ),
  ]);
  for (const key of ORDERINGS[order.field]) q = q.orderBy(sql`${key} ${sql.raw(dir)} NULLS LAST`);
  if (order.field !== 'date') q = q.orderBy('e.date', dir);
  return q.orderBy('e.id', dir);
}

type Row = Awaited<ReturnType<ReturnType<typeof expirationRows>['execute']>>[number];

export function toExpirationRow(r: Row, range: DateRange): ExpirationRow {
  const { patient_id, first_name, last_name, dos, last_service, ...e } = r;
  return {
    ...e,
    order: { id: e.order_id, patient_id },
    patient: { id: patient_id, first_name, last_name },
    dos,
    last_service: last_service === null ? null : { date: last_service },
    color: expirationColor(e, range),
  };
}

/** GET /expirations/: one page of the filtered expirations and their count. */
export async function listExpirations(db: Executor, q: ExpirationListQuery): Promise<Page<ExpirationRow>> {
  const range = { start: q.start_date, end: q.end_date };
  const [rows, counted] = await Promise.all([
    expirationRows(db, q, q.ordering)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
    filtered(db, q)
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    results: rows.map((r) => toExpirationRow(r, range)),
    count: counted.count,
    page_size: q.page_size,
    current: q.page,
  };
}

/** The office's current week, Sunday to Saturday, around `today`. */
export function weekOf(today: string): DateRange {
  const d = dayjs(today);
  const start = d.subtract(d.day(), 'day');
  return { start: start.format(WIRE_DATE), end: start.add(6, 'day').format(WIRE_DATE) };
}

/**
 * GET /check_expirations/: how many expirations (either waiver) are due and unsolved in the range
 * (default: the office's current week), by the colour the Expirations list would show.
 */
export async function checkExpirations(
  db: Executor,
  q: CheckExpirationsQuery,
  today: string,
): Promise<CheckExpirations> {
  const range = q.start_date && q.end_date ? { start: q.start_date, end: q.end_date } : weekOf(today);
  const rows = await db
    .selectFrom('expirations as e')
    .select(['e.date', 'e.yellow', 'e.yellow_date', 'e.red_solved_date', 'e.yellow_solved_date'])
    .where(inRangeCondition(range))
    .where(sql<SqlBool>`NOT ${greenCondition(range)}`)
    .execute();
  let red = 0;
  let yellow = 0;
  for (const r of rows) {
    if (expirationColor(r, range) === 'yellow') yellow += 1;
    else red += 1;
  }
  return { start_date: range.start, end_date: range.end, red, yellow, total: red + yellow };
}
