import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';
import { statementFunction } from './kept-deltas.ts';

/**
 * A search's count reads every patient its trigram index finds: three common letters find 3,000 to
 * 14,000 of 100,000 patients, on nearly every page of the patients table. A patient row is wide
 * (addresses, notes, 17 indexes' worth of columns), so that was 3,500 to 4,600 pages and 8 to 17 ms.
 * And the occurrence counts kept on the patients (0020) rewrote a whole patient row, and an entry
 * in each of its 17 indexes, at every compaction that touched it, which spread the table over
 * half as many pages again.
 *
 * So `patient_search` keeps, per patient, only what the lists filter and count on: status,
 * Rentals, state, facility, the search text (with its own trigram index) and the two occurrence
 * counts of 0020, which move here. It is a quarter of the patients table's size: a search's count
 * reads a third of the pages in about half the time. It has room on each page (fillfactor 80) and
 * no index on the counts, so a compaction's update stays on its page and touches no index.
 *
 * Statement triggers on patients keep it: an insert adds the rows, an update of one of those
 * columns copies them; a patient's deletion cascades. The patients keep their own search text and
 * trigram index for the list's page, which walks the patients in the order shown.
 */

const SYNC = 'patients_search_sync';
const TRUNCATE = 'ocurrences_search_count_truncate';

const SYNC_BODY = `
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_search (id, state_id, rentals, facility, status, search_text)
    SELECT id, state_id, rentals, facility, status, search_text FROM new_rows;
  ELSE
    UPDATE patient_search s
       SET state_id = n.state_id, rentals = n.rentals, facility = n.facility, status = n.status,
           search_text = n.search_text
      FROM new_rows n
     WHERE s.id = n.id
       AND (s.state_id, s.rentals, s.facility, s.status, s.search_text)
           IS DISTINCT FROM (n.state_id, n.rentals, n.facility, n.status, n.search_text);
  END IF;`;

/** 0020's TRUNCATE of occurrences, with the patients' counts now in patient_search. */
const truncateBody = (patients: string) => `
  TRUNCATE patient_occurrence_deltas, order_occurrence_deltas;
  UPDATE ${patients} SET occurrence_count = 0, open_occurrence_count = 0
   WHERE occurrence_count <> 0 OR open_occurrence_count <> 0;
  UPDATE orders SET occurrence_count = 0, unshipped_occurrence_count = 0
   WHERE occurrence_count <> 0 OR unshipped_occurrence_count <> 0;`;

async function replaceTruncate(db: Kysely<unknown>, patients: string): Promise<void> {
  const create = statementFunction(TRUNCATE, truncateBody(patients));
  await sql.raw(create.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')).execute(db);
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
  `,
  );
  if (rows[0]?.trigram) {
    await sql`CREATE INDEX patient_search_trgm_idx ON patient_search USING gin (search_text gin_trgm_ops)`.execute(db);
  }
  await sql.raw(statementFunction(SYNC, SYNC_BODY)).execute(db);
  await replaceTruncate(db, 'patient_search');
  await runStatements(
    db,
    `
    CREATE TRIGGER ${SYNC}_insert AFTER INSERT ON patients
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${SYNC}();
    CREATE TRIGGER ${SYNC}_update AFTER UPDATE ON patients
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${SYNC}();
    ANALYZE patient_search;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER ${SYNC}_update ON patients;
    DROP TRIGGER ${SYNC}_insert ON patients;
    DROP FUNCTION ${SYNC}();
    ALTER TABLE patients
      ADD COLUMN occurrence_count integer NOT NULL DEFAULT 0,
      ADD COLUMN open_occurrence_count integer NOT NULL DEFAULT 0;
    UPDATE patients p SET occurrence_count = s.occurrence_count, open_occurrence_count = s.open_occurrence_count
      FROM patient_search s WHERE s.id = p.id AND (s.occurrence_count <> 0 OR s.open_occurrence_count <> 0);
    DROP TABLE patient_search;
  `,
  );
  await replaceTruncate(db, 'patients');
}
