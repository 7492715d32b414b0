import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from './database.ts';
import { containsPattern, searchPiece } from '../lib/search.ts';
import { compactOrderDays } from './kept-order-days.ts';
import { keptOccurrenceRows, pieceRows, type KeptOccurrenceFilters } from './kept-rows.ts';

/**
 * Totals kept beside the rows they sum, so that a report or a list count reads a handful of rows
 * instead of every service, invoice, patient or occurrence (migrations 0012, 0015, 0017, 0018, 0021
 * and 0023). Statement triggers append what each statement changed to a deltas table (writers
 * never lock a shared row); a compaction folds the deltas into the totals table in one
 * transaction. Reading totals plus deltas is exact whether or not a compaction has run.
 */

/** The per-day service sums behind the end-of-year report (migration 0012). */
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

/** Invoices and open invoices (balance > 0) of all orders (0015; order id 0 in the deltas). */
const INVOICE_COUNTS = ['invoices', 'open_invoices'] as const;

interface Kept {
  totals: string;
  deltas: string;
  key: string;
  figures: readonly string[];
  /** Which deltas fold into this table. */
  only: ReturnType<typeof sql>;
}

const KEPT: Kept[] = [
  { totals: 'service_day_totals', deltas: 'service_day_deltas', key: 'day', figures: DAY_FIGURES, only: sql`true` },
  {
    totals: 'invoice_counts',
    deltas: 'invoice_count_deltas',
    key: 'order_id',
    figures: INVOICE_COUNTS,
    only: sql`order_id = 0`,
  },
  {
    totals: 'patient_counts',
    deltas: 'patient_count_deltas',
    key: 'status, state_id, rentals',
    figures: ['patients'],
    only: sql`true`,
  },
  {
    totals: 'patient_piece_counts',
    deltas: 'patient_piece_count_deltas',
    key: 'piece, status, state_id, rentals, facility',
    figures: ['patients', 'occurrences', 'open_occurrences'],
    only: sql`true`,
  },
  {
    totals: 'order_piece_counts',
    deltas: 'order_piece_count_deltas',
    key: 'piece',
    figures: ['orders', 'occurrences', 'unshipped_occurrences', 'invoices', 'open_invoices'],
    only: sql`true`,
  },
  {
    totals: 'occurrence_counts',
    deltas: 'occurrence_count_deltas',
    key: 'state_id, facility, completed, shipped',
    figures: ['occurrences'],
    only: sql`true`,
  },
  {
    totals: 'occurrence_day_counts',
    deltas: 'occurrence_day_count_deltas',
    key: 'date, state_id, facility, completed, shipped',
    figures: ['occurrences'],
    only: sql`true`,
  },
];

/** An arbitrary constant: the advisory lock that lets one process at a time compact. */
const COMPACTION_LOCK = 7_310_412;

/**
 * Folds every committed delta into its totals in one transaction (a reader sees either both or
 * neither). Another process already compacting makes this a no-op. Returns the deltas folded.
 */
export async function compactKeptTotals(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows: lock } = await sql<{
      ok: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${COMPACTION_LOCK}) AS ok`.execute(trx);
    if (!lock[0]?.ok) return 0;
    let folded = 0;
    for (const kept of KEPT) {
      const cols = sql.raw(kept.figures.join(', '));
      const sums = sql.raw(kept.figures.map((f) => `sum(${f})`).join(', '));
      const add = sql.raw(kept.figures.map((f) => `${f} = t.${f} + excluded.${f}`).join(', '));
      const key = sql.raw(kept.key);
      const { rows } = await sql<{ folded: number }>`
        WITH moved AS (DELETE FROM ${sql.table(kept.deltas)} WHERE ${kept.only} RETURNING ${key}, ${cols}),
        folded AS (
          INSERT INTO ${sql.table(kept.totals)} AS t (${key}, ${cols})
          SELECT ${key}, ${sums} FROM moved GROUP BY ${key}
          ON CONFLICT (${key}) DO UPDATE SET ${add}
        )
        SELECT count(*)::int AS folded FROM moved
      `.execute(trx);
      folded += rows[0]?.folded ?? 0;
    }
    return (
      folded +
      (await compactOrderInvoiceCounts(trx)) +
      (await compactRowOccurrenceCounts(trx, PATIENT_OCCURRENCES)) +
      (await compactRowOccurrenceCounts(trx, ORDER_OCCURRENCES)) +
      (await compactOrderDays(trx))
    );
  });
}

/**
 * Occurrence counts kept on the rows a search finds (migration 0020; the patients' moved to
 * patient_search and order_search in 0022): where, and under which names.
 */
interface RowOccurrenceCounts {
  table: 'patient_search' | 'order_search';
  deltas: 'patient_occurrence_deltas' | 'order_occurrence_deltas';
  key: 'patient_id' | 'order_id';
  /** The kept columns and, in the same order, their deltas' columns. */
  columns: [string, string];
  figures: [string, string];
}

const PATIENT_OCCURRENCES: RowOccurrenceCounts = {
  table: 'patient_search',
  deltas: 'patient_occurrence_deltas',
  key: 'patient_id',
  columns: ['occurrence_count', 'open_occurrence_count'],
  figures: ['occurrences', 'open_occurrences'],
};

const ORDER_OCCURRENCES: RowOccurrenceCounts = {
  table: 'order_search',
  deltas: 'order_occurrence_deltas',
  key: 'order_id',
  columns: ['occurrence_count', 'unshipped_occurrence_count'],
  figures: ['occurrences', 'unshipped_occurrences'],
};

/**
 * Folds the per-patient or per-order occurrence deltas into their rows, as the invoice counts
 * are: rows a user's transaction holds are skipped and wait for the next run.
 */
async function compactRowOccurrenceCounts(trx: Executor, kept: RowOccurrenceCounts): Promise<number> {
  const table = sql.table(kept.table);
  const deltas = sql.table(kept.deltas);
  const key = sql.ref(kept.key);
  const [a, b] = kept.columns.map((c) => sql.ref(c));
  const [da, db] = kept.figures.map((f) => sql.ref(f));
  const { rows } = await sql<{ folded: number }>`
    WITH locked AS (
      SELECT id FROM ${table} WHERE id IN (SELECT ${key} FROM ${deltas}) ORDER BY id FOR UPDATE SKIP LOCKED
    ), moved AS (
      DELETE FROM ${deltas} d USING locked WHERE d.${key} = locked.id RETURNING d.${key} AS id, d.${da} AS a, d.${db} AS b
    ), folded AS (
      UPDATE ${table} t SET ${a} = t.${a} + m.a, ${b} = t.${b} + m.b
        FROM (SELECT id, sum(a) AS a, sum(b) AS b FROM moved GROUP BY id) m
       WHERE t.id = m.id
    )
    SELECT count(*)::int AS folded FROM moved
  `.execute(trx);
  return rows[0]?.folded ?? 0;
}

/**
 * Folds the per-order invoice count deltas into their orders' order_search rows (migrations 0015
 * and 0022). Rows another transaction has locked are skipped (their deltas wait for the next
 * run), so a compaction never waits on, nor deadlocks with, an order being saved.
 */
async function compactOrderInvoiceCounts(trx: Executor): Promise<number> {
  const { rows } = await sql<{ folded: number }>`
    WITH locked AS (
      SELECT id FROM order_search
       WHERE id IN (SELECT order_id FROM invoice_count_deltas WHERE order_id <> 0)
       ORDER BY id FOR UPDATE SKIP LOCKED
    ), moved AS (
      DELETE FROM invoice_count_deltas d USING locked WHERE d.order_id = locked.id
      RETURNING d.order_id, d.invoices, d.open_invoices
    ), folded AS (
      UPDATE order_search o
         SET invoice_count = o.invoice_count + m.invoices, open_invoice_count = o.open_invoice_count + m.open_invoices
        FROM (SELECT order_id, sum(invoices) AS invoices, sum(open_invoices) AS open_invoices
                FROM moved GROUP BY order_id) m
       WHERE o.id = m.order_id
    )
    SELECT count(*)::int AS folded FROM moved
  `.execute(trx);
  return rows[0]?.folded ?? 0;
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

/**
 * Rows a term may be held by, at most, for a list to read them through an index of the search text
 * (lib/search.ts hasRareTerm) instead of walking the list's order. About where the two cost the
 * same: a walk visits about 25 × 100,000 / n rows for a page, the index reads all n and sorts them.
 */
const RARE_ROWS = 1000;
let rareRows = RARE_ROWS;
/** Bumped by setRareRows: what rareTerm remembered before is forgotten. */
let generation = 0;

/**
 * For tests, which compare the two ways a list reads a term: every term held by at most `rows`
 * rows is rare from now on (-1: none). Returns the function that restores the default.
 */
export function setRareRows(rows: number): () => void {
  rareRows = rows;
  generation += 1;
  return () => {
    rareRows = RARE_ROWS;
    generation += 1;
  };
}

/** Whether a term that `holders` patients or orders hold is read through its index. */
function isRare(holders: number): boolean {
  return holders <= rareRows;
}

/**
 * The exact number of patients or orders whose search text contains `piece`, a search term of one
 * to three characters: kept counts plus the deltas not yet compacted (migration 0023).
 */
export async function keptPieceHolders(db: Executor, which: 'patient' | 'order', piece: string): Promise<number> {
  const figure = which === 'patient' ? 'patients' : 'orders';
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(sum(${sql.ref(figure)}), 0)::int AS n FROM (${pieceRows(which, piece, [figure])}) k`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * How many patients or orders have a term of four characters or more in their search text, counted
 * only up to one past the rare limit: the narrow copy's trigram index (migration 0022) finds them.
 */
async function longTermHolders(db: Executor, which: 'patient' | 'order', term: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM ${sql.table(`${which}_search`)} WHERE search_text LIKE ${containsPattern(term)}
       LIMIT ${Math.max(rareRows + 1, 0)}) s`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * Whether each term a list looked up was rare, per database handle, for a minute: a plan choice
 * only (both ways find the same rows), so a search typed again skips the lookup, and a term
 * that became common or rare since is read the other way a minute later at most.
 */
const rareness = new WeakMap<Executor, Map<string, { rare: boolean; until: number; generation: number }>>();
const RARENESS_MS = 60_000;
/** Past this many remembered terms, the remembered choices start over. */
const RARENESS_ENTRIES = 20_000;

/**
 * The term, when few patients or orders hold it (isRare), for a list to read their rows through an
 * index of the search text (lib/search.ts hasRareTerm) rather than walk its own order looking for
 * them; null for an empty or common term. A piece of one to three characters is judged by its kept
 * count, a longer term by the trigram index. A surname is the usual case: "johnson" is held by a few
 * hundred patients, all in one stretch of a list ordered by name, which a walk would reach only
 * after reading every name before it.
 */
export async function rareTerm(db: Executor, which: 'patient' | 'order', term: string): Promise<string | null> {
  if (term === '') return null;
  let known = rareness.get(db);
  if (!known) rareness.set(db, (known = new Map()));
  const key = `${which} ${term}`;
  const now = Date.now();
  const remembered = known.get(key);
  if (remembered && remembered.until > now && remembered.generation === generation) {
    return remembered.rare ? term : null;
  }
  const piece = searchPiece(term);
  const holders =
    piece !== undefined ? await keptPieceHolders(db, which, piece) : await longTermHolders(db, which, term);
  const rare = isRare(holders);
  if (known.size >= RARENESS_ENTRIES) known.clear();
  known.set(key, { rare, until: now + RARENESS_MS, generation });
  return rare ? term : null;
}

/** What is summed per piece of the orders' search text (migration 0023). */
type OrderPieceFigure = 'orders' | 'occurrences' | 'unshipped_occurrences' | 'invoices' | 'open_invoices';

/** A figure kept per piece of the orders' search text, as `n`. */
const orderPieceSum = (piece: string, figure: OrderPieceFigure) =>
  sql`SELECT ${sql.ref(figure)} AS n FROM (${pieceRows('order', piece, [figure])}) k`;

/**
 * The exact number of invoices (or open invoices) of all orders, or of the orders whose search
 * text contains `term` (a normalized search): kept counts plus the deltas not yet compacted. The
 * orders are found once, by order_search's trigram index (migration 0022), or for a term of one
 * to three characters their counts are the sums kept per piece (0023); the deltas (few) are
 * checked one by one.
 */
export async function keptInvoiceCount(
  db: Executor,
  which: 'invoices' | 'open_invoices',
  term: string | null,
): Promise<number> {
  const delta = sql.raw(`d.${which}`);
  if (term === null) {
    const { rows } = await sql<{ count: number }>`
      SELECT coalesce(sum(n), 0)::int AS count FROM (
        SELECT ${sql.raw(which)} AS n FROM invoice_counts WHERE order_id = 0
        UNION ALL
        SELECT ${delta} FROM invoice_count_deltas d WHERE d.order_id = 0
      ) f`.execute(db);
    return rows[0]?.count ?? 0;
  }
  const pattern = containsPattern(term);
  const piece = searchPiece(term);
  const kept =
    piece !== undefined
      ? orderPieceSum(piece, which)
      : sql`SELECT ${sql.raw(which === 'invoices' ? 'o.invoice_count' : 'o.open_invoice_count')} AS n
              FROM order_search o WHERE o.search_text LIKE ${pattern}`;
  const { rows } = await sql<{ count: number }>`
    SELECT coalesce(sum(n), 0)::int AS count FROM (
      ${kept}
      UNION ALL
      SELECT ${delta} FROM invoice_count_deltas d
       CROSS JOIN LATERAL (SELECT 1 FROM order_search o WHERE o.id = d.order_id AND o.search_text LIKE ${pattern} OFFSET 0) m
       WHERE d.order_id <> 0
    ) f`.execute(db);
  return rows[0]?.count ?? 0;
}

/**
 * The exact number of patients per state (null: none) with a status (null: any), in one state
 * (when given), with the Rentals flag (when `rentalsOnly`) and, when `piece` is given (a search
 * term of one to three characters), whose search text contains it: kept counts plus the deltas not
 * yet compacted (migrations 0017 and 0023). States without such patients are left out.
 */
export async function keptPatientCounts(
  db: Executor,
  filters: { status: string | null; stateId?: number; rentalsOnly: boolean; piece?: string },
): Promise<{ state_id: number | null; n: number }[]> {
  const source =
    filters.piece === undefined
      ? sql`SELECT status, state_id, rentals, patients FROM patient_counts
            UNION ALL
            SELECT status, state_id, rentals, patients FROM patient_count_deltas`
      : pieceRows('patient', filters.piece, ['status', 'state_id', 'rentals', 'patients']);
  const { rows } = await sql<{ state_id: number | null; n: number }>`
    SELECT nullif(state_id, 0) AS state_id, sum(patients)::int AS n FROM (${source}) k
     WHERE (${filters.status}::text IS NULL OR status = ${filters.status})
       AND (${filters.stateId ?? null}::int IS NULL OR state_id = ${filters.stateId ?? null})
       AND (rentals OR NOT ${filters.rentalsOnly})
     GROUP BY state_id
    HAVING sum(patients) <> 0`.execute(db);
  return rows;
}

/**
 * The exact number of occurrences with these filters, per patient state (null: none): kept counts
 * plus the deltas not yet compacted; states without such occurrences are left out. Of every date
 * (migration 0018: the lists' first view), or of the days from `start` to `end` when either is
 * given (0021: a range without a search).
 */
export async function keptOccurrenceCountsByState(
  db: Executor,
  f: KeptOccurrenceFilters,
): Promise<{ state_id: number | null; n: number }[]> {
  const { rows } = await sql<{ state_id: number | null; n: number }>`
    SELECT nullif(state_id, 0) AS state_id, sum(occurrences)::int AS n FROM (${keptOccurrenceRows(f)}) k
     GROUP BY state_id
    HAVING sum(occurrences) <> 0`.execute(db);
  return rows;
}

/**
 * The exact number of occurrences (of every date; all, or only those not completed) of the
 * patients whose search text contains `term` (a normalized search), in a state and with the
 * facility flag when given, per patient state: the counts kept per patient (migrations 0020 and
 * 0022) plus the deltas not yet compacted. The patients are found once, by patient_search's
 * trigram index, or for a term of one to three characters their counts are the sums kept per
 * piece (0023); the deltas (few) are checked one by one.
 */
export async function keptPatientOccurrenceCounts(
  db: Executor,
  f: { term: string; stateId?: number | undefined; facility?: boolean | undefined; openOnly: boolean },
): Promise<{ state_id: number | null; n: number }[]> {
  const pattern = containsPattern(f.term);
  const piece = searchPiece(f.term);
  const stateId = f.stateId ?? null;
  const facility = f.facility ?? null;
  const inFilters = (alias: string) =>
    sql`(${stateId}::int IS NULL OR ${sql.ref(`${alias}.state_id`)} = ${stateId})
    AND (${facility}::boolean IS NULL OR ${sql.ref(`${alias}.facility`)} = ${facility})`;
  const matches = sql`p.search_text LIKE ${pattern} AND ${inFilters('p')}`;
  const delta = sql.ref(f.openOnly ? 'd.open_occurrences' : 'd.occurrences');
  const figure = f.openOnly ? 'open_occurrences' : 'occurrences';
  const kept =
    piece !== undefined
      ? sql`SELECT nullif(k.state_id, 0) AS state_id, ${sql.ref(`k.${figure}`)} AS n
              FROM (${pieceRows('patient', piece, [figure, 'state_id', 'facility'])}) k WHERE ${inFilters('k')}`
      : sql`SELECT p.state_id, ${sql.ref(f.openOnly ? 'p.open_occurrence_count' : 'p.occurrence_count')} AS n
              FROM patient_search p WHERE ${matches}`;
  const { rows } = await sql<{ state_id: number | null; n: number }>`
    SELECT state_id, sum(n)::int AS n FROM (
      ${kept}
      UNION ALL
      SELECT m.state_id, ${delta} FROM patient_occurrence_deltas d
       CROSS JOIN LATERAL (SELECT p.state_id FROM patient_search p WHERE p.id = d.patient_id AND ${matches} OFFSET 0) m
    ) k
     GROUP BY state_id
    HAVING sum(n) <> 0`.execute(db);
  return rows;
}

/**
 * The exact number of occurrences (of every date; all, or only those not shipped) of the orders
 * whose search text contains `term` (a normalized search), or whose number is `orderId`: the
 * counts kept per order (migrations 0020 and 0022), or for a term of one to three characters the
 * sums kept per piece (0023) and the numbered order's when its text does not match, plus the
 * deltas not yet compacted.
 */
export async function keptOrderOccurrenceCount(
  db: Executor,
  f: { term: string; orderId: number | null; unshippedOnly: boolean },
): Promise<number> {
  const pattern = containsPattern(f.term);
  const piece = searchPiece(f.term);
  const column = sql.ref(f.unshippedOnly ? 'o.unshipped_occurrence_count' : 'o.occurrence_count');
  const orderId = f.orderId ?? 0;
  const matches = sql`(o.search_text LIKE ${pattern} OR o.id = ${orderId})`;
  const kept =
    piece !== undefined
      ? sql`${orderPieceSum(piece, f.unshippedOnly ? 'unshipped_occurrences' : 'occurrences')}
            UNION ALL
            SELECT ${column} FROM order_search o WHERE o.id = ${orderId} AND NOT o.search_text LIKE ${pattern}`
      : sql`SELECT ${column} AS n FROM order_search o WHERE ${matches}`;
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(sum(n), 0)::int AS n FROM (
      ${kept}
      UNION ALL
      SELECT ${sql.ref(f.unshippedOnly ? 'd.unshipped_occurrences' : 'd.occurrences')} FROM order_occurrence_deltas d
       CROSS JOIN LATERAL (SELECT 1 FROM order_search o WHERE o.id = d.order_id AND ${matches} OFFSET 0) m
    ) k`.execute(db);
  return rows[0]?.n ?? 0;
}
