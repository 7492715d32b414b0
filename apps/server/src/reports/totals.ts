import { sql } from 'kysely';
import { DAY_FIGURES } from '../db/kept-totals.ts';

/**
 * Per-day service sums behind the end-of-year report (migration 0012). Statement triggers on
 * services append deltas; `compactKeptTotals` (db/kept-totals.ts) folds them into the day totals. Reading
 * totals plus deltas is exact whether or not a compaction has run.
 */

/** A one-row subquery `d`: every figure summed over the days of a period, exact numeric. */
export function dayFigureSums(startDate: string, endDate: string) {
  const cols = sql.raw(DAY_FIGURES.join(', '));
  const sums = sql.raw(DAY_FIGURES.map((f) => `coalesce(sum(${f}), 0) AS ${f}`).join(', '));
  return sql`(
    SELECT ${sums} FROM (
      SELECT ${cols} FROM service_day_totals WHERE day BETWEEN ${startDate}::date AND ${endDate}::date
      UNION ALL
      SELECT ${cols} FROM service_day_deltas WHERE day BETWEEN ${startDate}::date AND ${endDate}::date
    ) f
  ) d`;
}
