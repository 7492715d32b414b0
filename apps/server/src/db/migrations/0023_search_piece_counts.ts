import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';
import { deltaTriggers, dropDeltaTriggers, statementFunction } from './kept-deltas.ts';

/**
 * A search of one or two letters ("ma", as staff type before a third) has no trigram for the
 * index to look up, so its count read all 100,000 rows of patient_search (15 to 26 ms: the
 * patients, and the work queues summing the occurrence counts kept on them) or all 50,000 of
 * order_search (8 to 16 ms: the orders, Shipping Status, invoices and remittance summing their
 * occurrence and invoice counts); a common three-letter term found thousands of rows by the
 * trigram index and visited each (3 to 8 ms). A term that short is one of few pieces: it matches
 * a patient or an order exactly when it is one of the distinct one-, two- and three-character
 * pieces of the search text (`search_pieces`). So per piece, `patient_piece_counts` keeps the
 * patients (by status, state, 0 for none, Rentals and facility) and the sums of their kept
 * occurrence counts, and `order_piece_counts` the orders and the sums of their kept occurrence and
 * invoice counts. The same pattern as 0017: statement triggers on the search copies (0022) append
 * each statement's changes to the deltas tables, the periodic compaction (db/kept-totals.ts)
 * folds them in, and a count reads both. The copies' own kept counts change only at a compaction
 * (0020, 0015), so a piece's sums follow them there; what is not yet compacted is added by the
 * reader, as before.
 *
 * Pieces that no term can be are left out: a term is trimmed, single-spaced and has no control
 * character, so a piece that starts or ends with a space or holds the search text's field
 * separator (U+001F) is never searched. An update that changes none of the counted columns adds
 * nothing.
 */

/**
 * The distinct searchable pieces of one, two and three characters of a search text: each
 * character `a` with the one or two after it, `b` and `c` (string_to_array splits into
 * characters; about 65 µs a patient).
 */
const PIECES_FUNCTION = `
CREATE FUNCTION search_pieces(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT ARRAY(
    SELECT DISTINCT piece
      FROM unnest(string_to_array(t, NULL), (string_to_array(t, NULL))[2:], (string_to_array(t, NULL))[3:]) u(a, b, c),
           LATERAL (VALUES (a, a), (a || b, b), (a || b || c, c)) v(piece, last)
     WHERE piece IS NOT NULL AND a NOT IN (' ', chr(31)) AND last NOT IN (' ', chr(31))
       AND (length(piece) < 3 OR b <> chr(31)))
$fn$`;

/** Counts kept per piece of a search copy (migration 0022), and under which other columns. */
interface PieceCounts {
  source: 'patient_search' | 'order_search';
  totals: string;
  deltas: string;
  truncate: string;
  /** The other key columns of the counts, as in the source; a null state is kept as 0. */
  keys: { name: string; type: string; value: string }[];
  /** What is summed: 1 for the rows themselves, or a count kept on each row. */
  figures: { name: string; value: string }[];
}

const PATIENTS: PieceCounts = {
  source: 'patient_search',
  totals: 'patient_piece_counts',
  deltas: 'patient_piece_count_deltas',
  truncate: 'patient_piece_count_truncate',
  keys: [
    { name: 'status', type: 'text', value: 'status' },
    { name: 'state_id', type: 'integer', value: 'coalesce(state_id, 0)' },
    { name: 'rentals', type: 'boolean', value: 'rentals' },
    { name: 'facility', type: 'boolean', value: 'facility' },
  ],
  figures: [
    { name: 'patients', value: '1' },
    { name: 'occurrences', value: 'occurrence_count' },
    { name: 'open_occurrences', value: 'open_occurrence_count' },
  ],
};

const ORDERS: PieceCounts = {
  source: 'order_search',
  totals: 'order_piece_counts',
  deltas: 'order_piece_count_deltas',
  truncate: 'order_piece_count_truncate',
  keys: [],
  figures: [
    { name: 'orders', value: '1' },
    { name: 'occurrences', value: 'occurrence_count' },
    { name: 'unshipped_occurrences', value: 'unshipped_occurrence_count' },
    { name: 'invoices', value: 'invoice_count' },
    { name: 'open_invoices', value: 'open_invoice_count' },
  ],
};

/** The source's columns that a count depends on. */
function counted(k: PieceCounts): string[] {
  const figures = k.figures.map((f) => f.value).filter((v) => v !== '1');
  return [...k.keys.map((c) => c.name), 'search_text', ...figures];
}

/**
 * The deltas function: the statement's rows, per piece: each new row adds its figures, each old
 * one takes them away (on an update, only the rows whose counted columns changed).
 */
function deltasFunction(k: PieceCounts): string {
  const columnsOf = (alias: string) =>
    counted(k)
      .map((c) => `${alias}.${c}`)
      .join(', ');
  const changed = `(${columnsOf('n')}) IS DISTINCT FROM (${columnsOf('o')})`;
  const names = ['piece', ...k.keys.map((c) => c.name), ...k.figures.map((f) => f.name)].join(', ');
  const keys = ['piece', ...k.keys.map((c) => c.value)].join(', ');
  const sums = k.figures.map((f) => `sum(sign * ${f.value})`);
  const insert = (rows: string) => `
    INSERT INTO ${k.deltas} (${names})
    SELECT ${keys}, ${sums.join(', ')}
      FROM (${rows}) r CROSS JOIN LATERAL unnest(search_pieces(r.search_text)) piece
     GROUP BY ${keys}
    HAVING ${sums.map((sum) => `${sum} <> 0`).join(' OR ')};`;
  const pairs = `FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ${changed}`;
  return statementFunction(
    k.deltas,
    `IF TG_OP = 'INSERT' THEN
    ${insert(`SELECT 1 AS sign, ${columnsOf('n')} FROM new_rows n`)}
  ELSIF TG_OP = 'UPDATE' THEN
    ${insert(`SELECT 1 AS sign, ${columnsOf('n')} ${pairs} UNION ALL SELECT -1, ${columnsOf('o')} ${pairs}`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${insert(`SELECT -1 AS sign, ${columnsOf('o')} FROM old_rows o`)}
  END IF;`,
  );
}

async function createPieceCounts(db: Kysely<unknown>, k: PieceCounts): Promise<void> {
  const columns = [
    'piece text NOT NULL',
    ...k.keys.map((c) => `${c.name} ${c.type} NOT NULL`),
    ...k.figures.map((f) => `${f.name} integer NOT NULL DEFAULT 0`),
  ].join(',\n      ');
  const key = ['piece', ...k.keys.map((c) => c.name)].join(', ');
  const values = ['piece', ...k.keys.map((c) => c.value)].join(', ');
  const figures = k.figures.map((f) => f.name).join(', ');
  const sums = k.figures.map((f) => `sum(${f.value})`).join(', ');
  await runStatements(
    db,
    `
    CREATE TABLE ${k.totals} (
      ${columns},
      PRIMARY KEY (${key})
    );
    CREATE TABLE ${k.deltas} (
      id bigserial PRIMARY KEY,
      ${columns}
    );
    CREATE INDEX ${k.deltas}_piece_idx ON ${k.deltas} (piece);
  `,
  );
  await sql.raw(deltasFunction(k)).execute(db);
  await sql.raw(statementFunction(k.truncate, `TRUNCATE ${k.deltas}, ${k.totals};`)).execute(db);
  await runStatements(
    db,
    `
    ${deltaTriggers(k.source, k.deltas, k.deltas, k.truncate)}
    INSERT INTO ${k.totals} (${key}, ${figures})
    SELECT ${values}, ${sums}
      FROM ${k.source} CROSS JOIN LATERAL unnest(search_pieces(search_text)) piece
     GROUP BY ${values};
    ANALYZE ${k.totals};
  `,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(PIECES_FUNCTION).execute(db);
  await createPieceCounts(db, PATIENTS);
  await createPieceCounts(db, ORDERS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const k of [ORDERS, PATIENTS]) {
    await runStatements(
      db,
      `
      ${dropDeltaTriggers(k.source, k.deltas, k.deltas, k.truncate)}
      DROP TABLE ${k.deltas};
      DROP TABLE ${k.totals};
    `,
    );
  }
  await sql.raw('DROP FUNCTION search_pieces(text)').execute(db);
}
