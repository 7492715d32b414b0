import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';
import { statementFunction } from './kept-deltas.ts';

/**
 * A search's count reads every row its trigram index finds: three common letters find 3,000 to
 * 14,000 of 100,000 patients, or 6,000 of 50,000 orders, on nearly every page of their table.
 * Patient and order rows are wide (addresses, notes, and on patients 17 indexes' worth of
 * columns), so that was 3,500 to 4,600 pages and 8 to 17 ms for the patients. And the counts kept
 * on those rows (0015, 0020) rewrote a whole row, and an entry in each of its indexes, at every
 * compaction that touched it, which spread the patients over half as many pages again.
 *
 * So `patient_search` and `order_search` keep, per patient and per order, only what the lists
 * filter, search and count on, with their own trigram index, and the counts kept per row move
 * there: the patients' occurrence counts (0020), the orders' occurrence counts (0020) and invoice
 * counts (0015). A quarter of the pages or fewer: a search's count reads them in about half the
 * time. They have room on each page (fillfactor 80) and no index on the counts, so a compaction's
 * update stays on its page and touches no index.
 *
 * Statement triggers keep them: an insert adds the rows, an update of one of those columns copies
 * it; a deletion cascades. Patients and orders keep their own search text and trigram index for
 * the lists' pages, which walk the rows in the order shown.
 */

const PATIENTS_SYNC = 'patients_search_sync';
const ORDERS_SYNC = 'orders_search_sync';
const OCCURRENCES_TRUNCATE = 'ocurrences_search_count_truncate';
const INVOICES_TRUNCATE = 'invoices_count_truncate';

const PATIENT_COLUMNS = ['state_id', 'rentals', 'facility', 'status', 'search_text'];

/** A statement trigger function that inserts the new rows' copies, or updates those that changed. */
function syncFunction(name: string, table: string, columns: string[]): string {
  const list = columns.join(', ');
  const set = columns.map((c) => `${c} = n.${c}`).join(', ');
  const differs = `(${columns.map((c) => `s.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `n.${c}`).join(', ')})`;
  return statementFunction(
    name,
    `IF TG_OP = 'INSERT' THEN
    INSERT INTO ${table} (id, ${list}) SELECT id, ${list} FROM new_rows;
  ELSE
    UPDATE ${table} s SET ${set} FROM new_rows n WHERE s.id = n.id AND ${differs};
  END IF;`,
  );
}

const syncTriggers = (table: string, name: string) => `
    CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${name}();
    CREATE TRIGGER ${name}_update AFTER UPDATE ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${name}();`;

/** The TRUNCATE functions of 0015 and 0020, resetting the per-row counts where they are kept. */
async function replaceTruncates(db: Kysely<unknown>, patients: string, orders: string): Promise<void> {
  const bodies: [string, string][] = [
    [
      OCCURRENCES_TRUNCATE,
      `TRUNCATE patient_occurrence_deltas, order_occurrence_deltas;
  UPDATE ${patients} SET occurrence_count = 0, open_occurrence_count = 0
   WHERE occurrence_count <> 0 OR open_occurrence_count <> 0;
  UPDATE ${orders} SET occurrence_count = 0, unshipped_occurrence_count = 0
   WHERE occurrence_count <> 0 OR unshipped_occurrence_count <> 0;`,
    ],
    [
      INVOICES_TRUNCATE,
      `TRUNCATE invoice_count_deltas, invoice_counts;
  UPDATE ${orders} SET invoice_count = 0, open_invoice_count = 0 WHERE invoice_count <> 0 OR open_invoice_count <> 0;`,
    ],
  ];
  for (const [name, body] of bodies) {
    await sql.raw(statementFunction(name, body).replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ trigram: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS trigram`.execute(db);
  await runStatements(
    db,
    `
    CREATE TABLE patient_search (
      id integer PRIMARY KEY REFERENCES patients(id) ON DELETE CASCADE,
      state_id integer,
      occurrence_count integer NOT NULL DEFAULT 0,
      open_occurrence_count integer NOT NULL DEFAULT 0,
      rentals boolean NOT NULL,
      facility boolean NOT NULL,
      status text NOT NULL,
      search_text text NOT NULL
    ) WITH (fillfactor = 80);
    INSERT INTO patient_search
      (id, state_id, occurrence_count, open_occurrence_count, rentals, facility, status, search_text)
    SELECT id, state_id, occurrence_count, open_occurrence_count, rentals, facility, status, search_text
      FROM patients ORDER BY id;
    ALTER TABLE patients DROP COLUMN occurrence_count, DROP COLUMN open_occurrence_count;
    CREATE TABLE order_search (
      id integer PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
      occurrence_count integer NOT NULL DEFAULT 0,
      unshipped_occurrence_count integer NOT NULL DEFAULT 0,
      invoice_count integer NOT NULL DEFAULT 0,
      open_invoice_count integer NOT NULL DEFAULT 0,
      search_text text NOT NULL
    ) WITH (fillfactor = 80);
    INSERT INTO order_search
      (id, occurrence_count, unshipped_occurrence_count, invoice_count, open_invoice_count, search_text)
    SELECT id, occurrence_count, unshipped_occurrence_count, invoice_count, open_invoice_count, search_text
      FROM orders ORDER BY id;
    ALTER TABLE orders
      DROP COLUMN occurrence_count, DROP COLUMN unshipped_occurrence_count,
      DROP COLUMN invoice_count, DROP COLUMN open_invoice_count;
  `,
  );
  if (rows[0]?.trigram) {
    await runStatements(
      db,
      `
      CREATE INDEX patient_search_trgm_idx ON patient_search USING gin (search_text gin_trgm_ops);
      CREATE INDEX order_search_trgm_idx ON order_search USING gin (search_text gin_trgm_ops);
    `,
    );
  }
  await sql.raw(syncFunction(PATIENTS_SYNC, 'patient_search', PATIENT_COLUMNS)).execute(db);
  await sql.raw(syncFunction(ORDERS_SYNC, 'order_search', ['search_text'])).execute(db);
  await replaceTruncates(db, 'patient_search', 'order_search');
  await runStatements(
    db,
    `
    ${syncTriggers('patients', PATIENTS_SYNC)}
    ${syncTriggers('orders', ORDERS_SYNC)}
    ANALYZE patient_search;
    ANALYZE order_search;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER ${ORDERS_SYNC}_update ON orders;
    DROP TRIGGER ${ORDERS_SYNC}_insert ON orders;
    DROP FUNCTION ${ORDERS_SYNC}();
    DROP TRIGGER ${PATIENTS_SYNC}_update ON patients;
    DROP TRIGGER ${PATIENTS_SYNC}_insert ON patients;
    DROP FUNCTION ${PATIENTS_SYNC}();
    ALTER TABLE patients
      ADD COLUMN occurrence_count integer NOT NULL DEFAULT 0,
      ADD COLUMN open_occurrence_count integer NOT NULL DEFAULT 0;
    UPDATE patients p SET occurrence_count = s.occurrence_count, open_occurrence_count = s.open_occurrence_count
      FROM patient_search s WHERE s.id = p.id AND (s.occurrence_count <> 0 OR s.open_occurrence_count <> 0);
    ALTER TABLE orders
      ADD COLUMN invoice_count integer NOT NULL DEFAULT 0,
      ADD COLUMN open_invoice_count integer NOT NULL DEFAULT 0,
      ADD COLUMN occurrence_count integer NOT NULL DEFAULT 0,
      ADD COLUMN unshipped_occurrence_count integer NOT NULL DEFAULT 0;
    UPDATE orders o
       SET invoice_count = s.invoice_count, open_invoice_count = s.open_invoice_count,
           occurrence_count = s.occurrence_count, unshipped_occurrence_count = s.unshipped_occurrence_count
      FROM order_search s
     WHERE s.id = o.id
       AND (s.invoice_count, s.open_invoice_count, s.occurrence_count, s.unshipped_occurrence_count) <> (0, 0, 0, 0);
    DROP TABLE order_search;
    DROP TABLE patient_search;
  `,
  );
  await replaceTruncates(db, 'patients', 'orders');
}
