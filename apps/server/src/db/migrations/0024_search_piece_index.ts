import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * A term of one to three characters that few rows have ("nu": 570 of 100,000 patients) is
 * counted at once from the kept piece counts (0023), but its page had no index to find those
 * rows: no trigram serves two letters, so a list walked its order until it had 25 matches or
 * scanned every search copy (10 to 70 ms). Each patient's and order's distinct pieces
 * (`search_pieces`, 0023) are now indexed (GIN, exact: a row is found exactly when the term is one
 * of its pieces), and a list reads a rare piece's rows through it (db/kept-totals.ts rareTerm).
 * A common piece is still read by walking the list's order: its matches are dense there.
 *
 * The function is expensive to evaluate (about 150 µs a row), which only the index should do;
 * its declared cost keeps the planner from any plan that would evaluate it per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER FUNCTION search_pieces(text) COST 10000;
    CREATE INDEX patients_pieces_idx ON patients USING gin (search_pieces(search_text));
    CREATE INDEX orders_pieces_idx ON orders USING gin (search_pieces(search_text));
    ANALYZE patients;
    ANALYZE orders;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX orders_pieces_idx;
    DROP INDEX patients_pieces_idx;
    ALTER FUNCTION search_pieces(text) COST 100;
  `,
  );
}
