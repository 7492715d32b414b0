import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * The work queues and Shipping Status list every date when no range is chosen (the screens' first
 * view). Counting 750,000 occurrences, or walking them by date past years of shipped and completed
 * ones to find a page, cost 50 ms to a second. So:
 *
 * - `occurrence_counts` keeps how many occurrences there are per patient state (0 for none),
 *   facility, completed (eligible, and approved unless the patient needs no call) and shipped: the
 *   filters of those lists without a range or a search. The same pattern as the patient counts
 *   (0017): statement triggers append each statement's changes to `occurrence_count_deltas`, the
 *   periodic compaction (db/kept-totals.ts) folds them in, and a count reads both, so it is exact
 *   at any time.
 * - Partial (date, id) indexes over the occurrences not shipped and not completed: Hide Shipped
 *   and Hide Completed pages walk only those; (state, date, id) indexes, whole and partial, do
 *   the same for a State filter.
 * - ocurrences_order_idx (order_id, date) goes: the unique key on the same columns serves it.
 * - (shipped_date, id) and (ticket_created, id) indexes: Shipping Status ordered by either.
 */

const COMPLETED = 'eligibility_toggle AND (customer_approved OR NOT patient_call_before_delivery)';

const deltaInsert = (rows: string) => `
    INSERT INTO occurrence_count_deltas (state_id, facility, completed, shipped, occurrences)
    SELECT coalesce(state_id, 0), facility, completed, shipped, sum(sign)
      FROM (${rows}) r
     GROUP BY coalesce(state_id, 0), facility, completed, shipped
    HAVING sum(sign) <> 0;`;

const rowsOf = (sign: number, table: string) =>
  `SELECT ${sign} AS sign, patient_state_id AS state_id, patient_facility AS facility, ${COMPLETED} AS completed, shipped
     FROM ${table}`;

const TRIGGER_FUNCTION = `
CREATE FUNCTION ocurrences_count_deltas() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
CREATE FUNCTION ocurrences_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE occurrence_count_deltas, occurrence_counts;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE occurrence_counts (
      state_id integer NOT NULL,
      facility boolean NOT NULL,
      completed boolean NOT NULL,
      shipped boolean NOT NULL,
      occurrences integer NOT NULL DEFAULT 0,
      PRIMARY KEY (state_id, facility, completed, shipped)
    );
    CREATE TABLE occurrence_count_deltas (
      id bigserial PRIMARY KEY,
      state_id integer NOT NULL,
      facility boolean NOT NULL,
      completed boolean NOT NULL,
      shipped boolean NOT NULL,
      occurrences integer NOT NULL DEFAULT 0
    );
  `,
  );
  await sql.raw(TRIGGER_FUNCTION).execute(db);
  await sql.raw(TRUNCATE_FUNCTION).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER ocurrences_count_deltas_insert AFTER INSERT ON ocurrences
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ocurrences_count_deltas();
    CREATE TRIGGER ocurrences_count_deltas_update AFTER UPDATE ON ocurrences
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ocurrences_count_deltas();
    CREATE TRIGGER ocurrences_count_deltas_delete AFTER DELETE ON ocurrences
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ocurrences_count_deltas();
    CREATE TRIGGER ocurrences_count_truncate AFTER TRUNCATE ON ocurrences
      FOR EACH STATEMENT EXECUTE FUNCTION ocurrences_count_truncate();
    INSERT INTO occurrence_counts (state_id, facility, completed, shipped, occurrences)
    SELECT coalesce(patient_state_id, 0), patient_facility, ${COMPLETED}, shipped, count(*)
      FROM ocurrences GROUP BY 1, 2, 3, 4;
    CREATE INDEX ocurrences_unshipped_idx ON ocurrences (date, id) WHERE NOT shipped;
    CREATE INDEX ocurrences_uncompleted_idx ON ocurrences (date, id) WHERE NOT (${COMPLETED});
    CREATE INDEX ocurrences_state_date_idx ON ocurrences (patient_state_id, date, id);
    CREATE INDEX ocurrences_state_unshipped_idx ON ocurrences (patient_state_id, date, id) WHERE NOT shipped;
    CREATE INDEX ocurrences_state_uncompleted_idx ON ocurrences (patient_state_id, date, id) WHERE NOT (${COMPLETED});
    DROP INDEX ocurrences_order_idx;
    CREATE INDEX ocurrences_shipped_date_idx ON ocurrences (shipped_date, id);
    CREATE INDEX ocurrences_ticket_created_idx ON ocurrences (ticket_created, id);
    ANALYZE ocurrences;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX ocurrences_ticket_created_idx;
    DROP INDEX ocurrences_shipped_date_idx;
    CREATE INDEX ocurrences_order_idx ON ocurrences (order_id, date);
    DROP INDEX ocurrences_state_uncompleted_idx;
    DROP INDEX ocurrences_state_unshipped_idx;
    DROP INDEX ocurrences_state_date_idx;
    DROP INDEX ocurrences_uncompleted_idx;
    DROP INDEX ocurrences_unshipped_idx;
    DROP TRIGGER ocurrences_count_truncate ON ocurrences;
    DROP TRIGGER ocurrences_count_deltas_delete ON ocurrences;
    DROP TRIGGER ocurrences_count_deltas_update ON ocurrences;
    DROP TRIGGER ocurrences_count_deltas_insert ON ocurrences;
    DROP FUNCTION ocurrences_count_truncate();
    DROP FUNCTION ocurrences_count_deltas();
    DROP TABLE occurrence_count_deltas;
    DROP TABLE occurrence_counts;
  `,
  );
}
