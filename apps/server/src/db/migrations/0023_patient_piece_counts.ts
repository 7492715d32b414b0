import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';
import { deltaTriggers, dropDeltaTriggers, statementFunction } from './kept-deltas.ts';

/**
 * A search of one or two letters ("ma", as staff type before a third) has no trigram for the
 * index to look up, so its count read all 100,000 rows of patient_search: 15 to 24 ms, the one
 * list above 10 ms (docs/performance.md). A term that short is one of few pieces: it matches a
 * patient exactly when it is one of the distinct one- and two-character pieces of the patient's
 * search text (`search_pieces`). So the patients are also counted per piece, status, state (0 for
 * none) and Rentals flag in `patient_piece_counts`, the same pattern as 0017: statement triggers
 * on patient_search append each statement's changes to `patient_piece_count_deltas`, the periodic
 * compaction (db/kept-totals.ts) folds them in, and a count reads both.
 *
 * Pieces with a space or the search text's field separator (U+001F) are left out: a term is
 * trimmed and has no control character, so no term of one or two characters is such a piece.
 * An update that changes none of the counted columns (a compaction of the kept occurrence counts)
 * adds nothing.
 */

/** The distinct searchable pieces of one and two characters of a search text. */
const PIECES_FUNCTION = `
CREATE FUNCTION search_pieces(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT coalesce(array_agg(DISTINCT piece), '{}') FROM (
    SELECT substr(t, i, 1) AS piece FROM generate_series(1, length(t)) i
    UNION ALL
    SELECT substr(t, i, 2) FROM generate_series(1, length(t) - 1) i
  ) p
  WHERE strpos(piece, ' ') = 0 AND strpos(piece, chr(31)) = 0
$fn$`;

const COUNTED = ['status', 'state_id', 'rentals', 'search_text'];

/** The deltas of `rows` (a query with sign, status, state_id, rentals, search_text), per piece. */
const deltaInsert = (rows: string) => `
    INSERT INTO patient_piece_count_deltas (piece, status, state_id, rentals, patients)
    SELECT piece, status, coalesce(state_id, 0), rentals, sum(sign)
      FROM (${rows}) r CROSS JOIN LATERAL unnest(search_pieces(r.search_text)) piece
     GROUP BY piece, status, coalesce(state_id, 0), rentals
    HAVING sum(sign) <> 0;`;

const columnsOf = (alias: string) => COUNTED.map((c) => `${alias}.${c}`).join(', ');
const changed = `(${columnsOf('n')}) IS DISTINCT FROM (${columnsOf('o')})`;

const DELTAS = 'patient_piece_count_deltas';
const TRUNCATE = 'patient_piece_count_truncate';

const DELTAS_FUNCTION = statementFunction(
  DELTAS,
  `IF TG_OP = 'INSERT' THEN
    ${deltaInsert(`SELECT 1 AS sign, ${columnsOf('n')} FROM new_rows n`)}
  ELSIF TG_OP = 'UPDATE' THEN
    ${deltaInsert(`SELECT 1 AS sign, ${columnsOf('n')} FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ${changed}
                   UNION ALL
                   SELECT -1, ${columnsOf('o')} FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ${changed}`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${deltaInsert(`SELECT -1 AS sign, ${columnsOf('o')} FROM old_rows o`)}
  END IF;`,
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(PIECES_FUNCTION).execute(db);
  await runStatements(
    db,
    `
    CREATE TABLE patient_piece_counts (
      piece text NOT NULL,
      status text NOT NULL,
      state_id integer NOT NULL,
      rentals boolean NOT NULL,
      patients integer NOT NULL DEFAULT 0,
      PRIMARY KEY (piece, status, state_id, rentals)
    );
    CREATE TABLE patient_piece_count_deltas (
      id bigserial PRIMARY KEY,
      piece text NOT NULL,
      status text NOT NULL,
      state_id integer NOT NULL,
      rentals boolean NOT NULL,
      patients integer NOT NULL DEFAULT 0
    );
    CREATE INDEX patient_piece_count_deltas_piece_idx ON patient_piece_count_deltas (piece);
  `,
  );
  await sql.raw(DELTAS_FUNCTION).execute(db);
  await sql.raw(statementFunction(TRUNCATE, 'TRUNCATE patient_piece_count_deltas, patient_piece_counts;')).execute(db);
  await runStatements(
    db,
    `
    ${deltaTriggers('patient_search', DELTAS, DELTAS, TRUNCATE)}
    INSERT INTO patient_piece_counts (piece, status, state_id, rentals, patients)
    SELECT piece, status, coalesce(state_id, 0), rentals, count(*)
      FROM patient_search CROSS JOIN LATERAL unnest(search_pieces(search_text)) piece
     GROUP BY 1, 2, 3, 4;
    ANALYZE patient_piece_counts;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ${dropDeltaTriggers('patient_search', DELTAS, DELTAS, TRUNCATE)}
    DROP TABLE patient_piece_count_deltas;
    DROP TABLE patient_piece_counts;
    DROP FUNCTION search_pieces(text);
  `,
  );
}
