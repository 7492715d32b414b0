import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * The work queues and Shipping Status with a date range (and no search) counted the range's
 * occurrences from the covering index: 2 ms for a week, 6 to 7 ms for a month of 50,000. So the
 * counts of 0018 are also kept per day: `occurrence_day_counts` per date, patient state (0 for
 * none), facility, completed and shipped, and a range's count sums its days. The same pattern as
 * 0018: statement triggers append each statement's changes to `occurrence_day_count_deltas`, the
 * periodic compaction (db/kept-totals.ts) folds them in, and a count reads both.
 */

const COMPLETED = 'eligibility_toggle AND (customer_approved OR NOT patient_call_before_delivery)';

const deltaInsert = (rows: string) => `
    INSERT INTO occurrence_day_count_deltas (date, state_id, facility, completed, shipped, occurrences)
    SELECT date, coalesce(state_id, 0), facility, completed, shipped, sum(sign)
      FROM (${rows}) r
     GROUP BY date, coalesce(state_id, 0), facility, completed, shipped
    HAVING sum(sign) <> 0;`;

const rowsOf = (sign: number, table: string) =>
  `SELECT ${sign} AS sign, date, patient_state_id AS state_id, patient_facility AS facility,
          ${COMPLETED} AS completed, shipped
     FROM ${table}`;

const TRIGGER_FUNCTION = `
CREATE FUNCTION ocurrences_day_count_deltas() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${deltaInsert(rowsOf(1, 'new_rows'))}
  ELSIF TG_OP = 'UPDATE' THEN
    ${deltaInsert(`${rowsOf(1, 'new_rows')} UNION ALL ${rowsOf(-1, 'old_rows')}`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${deltaInsert(rowsOf(-1, 'old_rows'))}
  END IF;
  RETURN NULL;
END
$fn$`;

const TRUNCATE_FUNCTION = `
CREATE FUNCTION ocurrences_day_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE occurrence_day_count_deltas, occurrence_day_counts;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE occurrence_day_counts (
      date date NOT NULL,
      state_id integer NOT NULL,
      facility boolean NOT NULL,
      completed boolean NOT NULL,
      shipped boolean NOT NULL,
      occurrences integer NOT NULL DEFAULT 0,
      PRIMARY KEY (date, state_id, facility, completed, shipped)
    );
    CREATE TABLE occurrence_day_count_deltas (
      id bigserial PRIMARY KEY,
      date date NOT NULL,
      state_id integer NOT NULL,
      facility boolean NOT NULL,
      completed boolean NOT NULL,
      shipped boolean NOT NULL,
      occurrences integer NOT NULL DEFAULT 0
    );
    CREATE INDEX occurrence_day_count_deltas_date_idx ON occurrence_day_count_deltas (date);
  `,
  );
  await sql.raw(TRIGGER_FUNCTION).execute(db);
  await sql.raw(TRUNCATE_FUNCTION).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER ocurrences_day_count_deltas_insert AFTER INSERT ON ocurrences
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ocurrences_day_count_deltas();
    CREATE TRIGGER ocurrences_day_count_deltas_update AFTER UPDATE ON ocurrences
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ocurrences_day_count_deltas();
    CREATE TRIGGER ocurrences_day_count_deltas_delete AFTER DELETE ON ocurrences
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ocurrences_day_count_deltas();
    CREATE TRIGGER ocurrences_day_count_truncate AFTER TRUNCATE ON ocurrences
      FOR EACH STATEMENT EXECUTE FUNCTION ocurrences_day_count_truncate();
    INSERT INTO occurrence_day_counts (date, state_id, facility, completed, shipped, occurrences)
    SELECT date, coalesce(patient_state_id, 0), patient_facility, ${COMPLETED}, shipped, count(*)
      FROM ocurrences GROUP BY 1, 2, 3, 4, 5;
    ANALYZE occurrence_day_counts;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER ocurrences_day_count_truncate ON ocurrences;
    DROP TRIGGER ocurrences_day_count_deltas_delete ON ocurrences;
    DROP TRIGGER ocurrences_day_count_deltas_update ON ocurrences;
    DROP TRIGGER ocurrences_day_count_deltas_insert ON ocurrences;
    DROP FUNCTION ocurrences_day_count_truncate();
    DROP FUNCTION ocurrences_day_count_deltas();
    DROP TABLE occurrence_day_count_deltas;
    DROP TABLE occurrence_day_counts;
  `,
  );
}
