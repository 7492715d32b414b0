import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from './database.ts';
import { containsPattern, copyHasRareTerm, searchPiece } from '../lib/search.ts';
import { keptOccurrenceRows, pieceRows } from './kept-rows.ts';

/**
 * Each order's occurrence days kept as bits on its search copy (migration 0025), for counting a
 * search's occurrences within a date range without reading the range's occurrences.
 */

/**
 * Rebuilds the bits of the orders whose occurrences changed (their `order_days_stale` markers)
 * and deletes those markers, in one statement: the markers it deletes and the occurrences it reads
 * are of the same snapshot, so a change committed meanwhile keeps its marker for the next run.
 * Orders another transaction holds are skipped until then; markers of deleted orders are dropped.
 */
export async function compactOrderDays(trx: Executor): Promise<number> {
  const { rows } = await sql<{ folded: number }>`
    WITH locked AS (
      SELECT id FROM order_search WHERE id IN (SELECT order_id FROM order_days_stale) ORDER BY id FOR UPDATE SKIP LOCKED
    ), moved AS (
      DELETE FROM order_days_stale d USING locked WHERE d.order_id = locked.id RETURNING d.order_id
    ), gone AS (
      DELETE FROM order_days_stale d WHERE NOT EXISTS (SELECT 1 FROM order_search o WHERE o.id = d.order_id)
      RETURNING d.order_id
    ), rebuilt AS (
      UPDATE order_search o
         SET days_from = b.days_from, days = b.days, unshipped_days = b.unshipped_days,
             patient_state_id = b.patient_state_id, patient_facility = b.patient_facility
        FROM (SELECT DISTINCT order_id AS id FROM moved) m
        LEFT JOIN order_occurrence_days(ARRAY(SELECT DISTINCT order_id FROM moved)) b ON b.id = m.id
       WHERE o.id = m.id
    )
    SELECT (SELECT count(*) FROM moved)::int + (SELECT count(*) FROM gone)::int AS folded
  `.execute(trx);
  return rows[0]?.folded ?? 0;
}

export interface OrderDaysCountFilters {
  /** A normalized search; with `rare`, a term few orders hold (db/kept-totals.ts rareTerm). */
  term: string;
  rare: string | null;
  /** The order whose number the search is, if it is one. */
  orderId: number | null;
  /** The range; either end may be open. */
  start?: string;
  end?: string;
  unshippedOnly: boolean;
  /** The patient's state and facility, when the list filters on them. */
  stateId?: number;
  facility?: boolean;
}

/**
 * Whether a count takes a piece's complement (see keptOrderDaysCount): 'auto' when the piece's
 * orders are more than half of all orders; tests force either way, which count the same.
 */
type Complement = 'auto' | 'always' | 'never';
let complement: Complement = 'auto';

/** For tests: count every search by its complement ('always') or none ('never'); returns the restore. */
export function setComplement(way: Complement): () => void {
  complement = way;
  return () => {
    complement = 'auto';
  };
}

/**
 * The exact number of occurrences within the range (all, or only those not shipped) of the orders
 * whose search text contains the term (the trigram index; for a rare term, its index) or
 * whose number it is, of a patient in the state and with the facility when given: the bits kept
 * on those orders, and for an order whose occurrences changed since the last compaction, its
 * occurrences themselves.
 *
 * A piece of one or two letters is held by most orders ("a": 45,000 of 50,000), and summing each
 * one's bits cost 15 ms: then the count is the range's kept count (db/kept-rows.ts, as without a
 * search) less the occurrences of the orders without the piece, summed the same way. Which way
 * is chosen in the statement from the piece's kept count and the table's row estimate; both are
 * exact and read one snapshot.
 */
export async function keptOrderDaysCount(db: Executor, f: OrderDaysCountFilters): Promise<number> {
  const byText =
    f.rare !== null
      ? copyHasRareTerm('o', 'orders', f.rare)
      : sql<SqlBool>`o.search_text LIKE ${containsPattern(f.term)}`;
  const matches = f.orderId === null ? byText : sql<SqlBool>`(${byText} OR o.id = ${f.orderId})`;
  const start = f.start ?? null;
  const end = f.end ?? null;
  const bits = sql.ref(f.unshippedOnly ? 'o.unshipped_days' : 'o.days');
  const stateId = f.stateId ?? null;
  const facility = f.facility ?? null;
  const patient = (alias: 'o' | 'oc') =>
    sql<SqlBool>`(${stateId}::int IS NULL OR ${sql.ref(`${alias}.patient_state_id`)} = ${stateId}::int)
      AND (${facility}::boolean IS NULL OR ${sql.ref(`${alias}.patient_facility`)} = ${facility}::boolean)`;
  // Two sums of one row each, not a UNION: its Append looked costly enough for PostgreSQL to start
  // parallel workers (5 to 10 ms) while the deltas table had no statistics.
  const occurrencesOf = (orders: Expression<SqlBool>) => sql<number>`
    (SELECT coalesce(sum(occurrence_days_within(o.days_from, ${bits}, ${start}::date, ${end}::date)), 0)
       FROM order_search o
      WHERE ${orders} AND ${patient('o')} AND o.id NOT IN (SELECT order_id FROM order_days_stale))
    + (SELECT count(*) FROM ocurrences oc
        WHERE oc.order_id IN (
                SELECT o.id FROM order_search o WHERE o.id IN (SELECT order_id FROM order_days_stale) AND ${orders})
          AND (${start}::date IS NULL OR oc.date >= ${start}::date)
          AND (${end}::date IS NULL OR oc.date <= ${end}::date)
          AND (${!f.unshippedOnly} OR NOT oc.shipped)
          AND ${patient('oc')})`;
  const piece = f.rare === null ? searchPiece(f.term) : undefined;
  const common =
    complement === 'always'
      ? sql<SqlBool>`true`
      : complement === 'never' || piece === undefined
        ? sql<SqlBool>`false`
        : sql<SqlBool>`(SELECT coalesce(sum(orders), 0) FROM (${pieceRows('order', piece, ['orders'])}) k)
                       > (SELECT reltuples / 2 FROM pg_class WHERE oid = 'order_search'::regclass)`;
  const whole = keptOccurrenceRows({
    start: f.start,
    end: f.end,
    stateId: f.stateId,
    facility: f.facility,
    shipped: f.unshippedOnly ? false : undefined,
  });
  // PostgreSQL runs a sub-select of the branch CASE takes only.
  const { rows } = await sql<{ n: number }>`
    SELECT (CASE WHEN ${common}
                 THEN (SELECT coalesce(sum(occurrences), 0) FROM (${whole}) k) - (${occurrencesOf(sql`NOT (${matches})`)})
                 ELSE ${occurrencesOf(matches)} END)::int AS n`.execute(db);
  return rows[0]?.n ?? 0;
}
