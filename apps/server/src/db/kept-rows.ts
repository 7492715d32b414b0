import { sql } from 'kysely';

/**
 * The rows of kept totals with the deltas not yet compacted, as SQL for a statement to sum
 * (db/kept-totals.ts reads them; db/kept-order-days.ts sums them within a larger count).
 */

/**
 * The rows kept for one piece of the search text (a term of one to three characters, migration
 * 0023) and the deltas not yet compacted, with `columns`.
 */
export function pieceRows(which: 'patient' | 'order', piece: string, columns: string[]) {
  const list = sql.join(columns.map((c) => sql.ref(c)));
  return sql`SELECT ${list} FROM ${sql.table(`${which}_piece_counts`)} WHERE piece = ${piece}
             UNION ALL
             SELECT ${list} FROM ${sql.table(`${which}_piece_count_deltas`)} WHERE piece = ${piece}`;
}

/** The filters an occurrence count is kept under (migration 0018); undefined means any. */
export interface OccurrenceCountFilters {
  stateId?: number | undefined;
  facility?: boolean | undefined;
  completed?: boolean | undefined;
  shipped?: boolean | undefined;
}

/** Those filters, of every date or of the days from `start` to `end` when either is given. */
export type KeptOccurrenceFilters = OccurrenceCountFilters & { start?: string | undefined; end?: string | undefined };

/**
 * The kept occurrence counts within the filters, as rows of `state_id` (0: none) and
 * `occurrences`, deltas not yet compacted included: of every date (migration 0018), or of the
 * range's days when either end is given (0021).
 */
export function keptOccurrenceRows(f: KeptOccurrenceFilters) {
  const ranged = f.start !== undefined || f.end !== undefined;
  const start = f.start ?? null;
  const end = f.end ?? null;
  const within = sql`(${start}::date IS NULL OR date >= ${start}::date) AND (${end}::date IS NULL OR date <= ${end}::date)`;
  const source = ranged
    ? sql`SELECT state_id, facility, completed, shipped, occurrences FROM occurrence_day_counts WHERE ${within}
          UNION ALL
          SELECT state_id, facility, completed, shipped, occurrences FROM occurrence_day_count_deltas WHERE ${within}`
    : sql`SELECT state_id, facility, completed, shipped, occurrences FROM occurrence_counts
          UNION ALL
          SELECT state_id, facility, completed, shipped, occurrences FROM occurrence_count_deltas`;
  return sql`SELECT state_id, occurrences FROM (${source}) k
     WHERE (${f.stateId ?? null}::int IS NULL OR state_id = ${f.stateId ?? null})
       AND (${f.facility ?? null}::boolean IS NULL OR facility = ${f.facility ?? null})
       AND (${f.completed ?? null}::boolean IS NULL OR completed = ${f.completed ?? null})
       AND (${f.shipped ?? null}::boolean IS NULL OR shipped = ${f.shipped ?? null})`;
}
