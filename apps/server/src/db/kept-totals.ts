import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.ts';

/**
 * The per-day service sums behind the end-of-year report (migration 0012), kept beside the
 * services so that a report of any range reads a row per day instead of every service. Statement
 * triggers append what each statement changed to `service_day_deltas` (writers never lock a
 * shared row); a compaction folds the deltas into `service_day_totals` in one transaction.
 * Reading totals plus deltas is exact whether or not a compaction has run.
 */

/** The figures summed per day. */
export const DAY_FIGURES = [
  'total',
  'taxable',
  'tax',
  'remitted',
  'adjusted',
  'write_off',
  'total_shipped',
  'taxable_shipped',
  'tax_shipped',
  'remitted_shipped',
  'adjusted_shipped',
  'write_off_shipped',
] as const;

/** An arbitrary constant: the advisory lock that lets one process at a time compact. */
const COMPACTION_LOCK = 7_310_412;

/**
 * Folds every committed delta into the day totals in one transaction (a reader sees either both
 * or neither). Another process already compacting makes this a no-op. Returns the deltas folded.
 */
export async function compactKeptTotals(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows: lock } = await sql<{
      ok: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${COMPACTION_LOCK}) AS ok`.execute(trx);
    if (!lock[0]?.ok) return 0;
    const cols = sql.raw(DAY_FIGURES.join(', '));
    const sums = sql.raw(DAY_FIGURES.map((f) => `sum(${f})`).join(', '));
    const add = sql.raw(DAY_FIGURES.map((f) => `${f} = t.${f} + excluded.${f}`).join(', '));
    const { rows } = await sql<{ folded: number }>`
      WITH moved AS (DELETE FROM service_day_deltas RETURNING day, ${cols}),
      folded AS (
        INSERT INTO service_day_totals AS t (day, ${cols})
        SELECT day, ${sums} FROM moved GROUP BY day
        ON CONFLICT (day) DO UPDATE SET ${add}
      )
      SELECT count(*)::int AS folded FROM moved
    `.execute(trx);
    return rows[0]?.folded ?? 0;
  });
}

/**
 * Compacts every `everyMs` in the background (server and worker processes). The timer does not
 * keep the process alive; the returned function stops it.
 */
export function startCompaction(db: Db, log: FastifyBaseLogger, everyMs = 30_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    compactKeptTotals(db)
      .then((folded) => {
        if (folded > 0) log.debug({ folded }, 'kept totals compacted');
      })
      .catch((err: unknown) => log.warn({ err }, 'kept totals compaction failed; retried on the next tick'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
