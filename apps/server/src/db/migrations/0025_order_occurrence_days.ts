import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';
import { statementFunction } from './kept-deltas.ts';

/**
 * Shipping Status over a date range with a search counted the range's occurrences one by one and
 * kept those of the matching orders: a month is 50,000 occurrences, hashed against the 3,600
 * orders that three common letters find (8 to 12 ms, the slowest list). Counts kept per day and
 * search piece would be millions of rows to maintain; counts kept per order (0020) know nothing of
 * dates.
 *
 * So each order's search copy (order_search, 0022) keeps the days of its occurrences as bits: bit
 * i of `days` is set when the order has an occurrence on `days_from` + i (an order has at most one
 * occurrence a day), and of `unshipped_days` when that occurrence is not shipped (Hide Shipped). A
 * range's count for a search sums, over the rows the trigram index finds, the bits set within it
 * (`occurrence_days_within`: a substring and a bit count), whatever the range's length. The
 * patient's state and facility, which the occurrences copy, are kept beside the bits for the
 * list's State and Facility filters.
 *
 * Filling every order's bits rewrites each row once, which leaves the table and its trigram index
 * twice their size (the index shrinks only when rebuilt), and within the migration's transaction
 * even a rewrite must keep the old rows: `afterCommit` compacts the table once the migration is
 * committed (0.5 s at 50,000 orders), as a fresh seed would lay it out.
 *
 * Writes do not touch order_search (no row lock for a busy order, no wider statements): statement
 * triggers on occurrences record which orders changed in `order_days_stale`; the periodic
 * compaction (db/kept-totals.ts) rebuilds those orders' bits from their occurrences and deletes
 * their markers in one statement. A reader counts a marked order's occurrences themselves, so the
 * count is exact at any time.
 */

const MARK = 'order_days_mark';
const TRUNCATE = 'order_days_truncate';

/**
 * The orders whose occurrences a statement added, removed, moved or shipped, or whose patient's
 * state or facility it changed.
 */
const MARK_BODY = `
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_days_stale (order_id) SELECT DISTINCT order_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_days_stale (order_id) SELECT DISTINCT order_id FROM old_rows;
  ELSE
    INSERT INTO order_days_stale (order_id)
    SELECT DISTINCT x.order_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     CROSS JOIN LATERAL (VALUES (n.order_id), (o.order_id)) x(order_id)
     WHERE (n.order_id, n.date, n.shipped, n.patient_state_id, n.patient_facility)
           IS DISTINCT FROM (o.order_id, o.date, o.shipped, o.patient_state_id, o.patient_facility);
  END IF;`;

const TRUNCATE_BODY = `
  TRUNCATE order_days_stale;
  UPDATE order_search
     SET days_from = NULL, days = NULL, unshipped_days = NULL, patient_state_id = NULL, patient_facility = NULL
   WHERE days IS NOT NULL;`;

/**
 * The bits of the orders `ids`, from their occurrences: each occurrence in date order adds a zero
 * per day since the one before, then its own bit. With them, the patient's state and facility
 * that the occurrences copy (0007; every occurrence of an order has its patient's).
 */
const DAYS_FUNCTION = `
CREATE FUNCTION order_occurrence_days(ids integer[])
RETURNS TABLE (id integer, days_from date, days varbit, unshipped_days varbit, patient_state_id integer,
               patient_facility boolean)
LANGUAGE sql STABLE AS $fn$
  SELECT order_id, min(date),
         string_agg(repeat('0', gap) || '1', '' ORDER BY date)::varbit,
         string_agg(repeat('0', gap) || CASE WHEN shipped THEN '0' ELSE '1' END, '' ORDER BY date)::varbit,
         min(patient_state_id), bool_or(patient_facility)
    FROM (SELECT order_id, date, shipped, patient_state_id, patient_facility,
                 coalesce(date - lag(date) OVER (PARTITION BY order_id ORDER BY date) - 1, 0) AS gap
            FROM ocurrences WHERE order_id = ANY(ids)) s
   GROUP BY order_id
$fn$`;

/** The first and last (0-based) of the bits `days` from `days_from` within a range, as SQL. */
const FIRST = 'greatest(coalesce(start_date - days_from, 0), 0)';
const LAST = 'least(coalesce(end_date - days_from, length(days) - 1), length(days) - 1)';

/**
 * How many of the bits `days` (day 0 is `days_from`) are set from `start_date` to `end_date`
 * (either null: unbounded): none when the range misses them. One expression, so the planner
 * writes it into the query instead of calling a function per row.
 */
const WITHIN_FUNCTION = `
CREATE FUNCTION occurrence_days_within(days_from date, days varbit, start_date date, end_date date)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE WHEN days IS NULL OR ${LAST} < ${FIRST} THEN 0
              ELSE bit_count(substring(days FROM ${FIRST} + 1 FOR ${LAST} - ${FIRST} + 1))::integer END
$fn$`;

/** Run by db/migrate.ts outside any transaction, once this migration is committed. */
export const afterCommit = ['VACUUM (FULL, ANALYZE) order_search'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE order_search
      ADD COLUMN days_from date,
      ADD COLUMN days varbit,
      ADD COLUMN unshipped_days varbit,
      ADD COLUMN patient_state_id integer,
      ADD COLUMN patient_facility boolean;
    CREATE TABLE order_days_stale (
      id bigserial PRIMARY KEY,
      order_id integer NOT NULL
    );
    CREATE INDEX order_days_stale_order_idx ON order_days_stale (order_id);
  `,
  );
  await sql.raw(DAYS_FUNCTION).execute(db);
  await sql.raw(WITHIN_FUNCTION).execute(db);
  await sql.raw(statementFunction(MARK, MARK_BODY)).execute(db);
  await sql.raw(statementFunction(TRUNCATE, TRUNCATE_BODY)).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER ${MARK}_insert AFTER INSERT ON ocurrences
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${MARK}();
    CREATE TRIGGER ${MARK}_update AFTER UPDATE ON ocurrences
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${MARK}();
    CREATE TRIGGER ${MARK}_delete AFTER DELETE ON ocurrences
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${MARK}();
    CREATE TRIGGER ${TRUNCATE} AFTER TRUNCATE ON ocurrences
      FOR EACH STATEMENT EXECUTE FUNCTION ${TRUNCATE}();
    UPDATE order_search o
       SET days_from = b.days_from, days = b.days, unshipped_days = b.unshipped_days,
           patient_state_id = b.patient_state_id, patient_facility = b.patient_facility
      FROM order_occurrence_days(ARRAY(SELECT DISTINCT order_id FROM ocurrences)) b
     WHERE b.id = o.id;
    ANALYZE order_search;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER ${TRUNCATE} ON ocurrences;
    DROP TRIGGER ${MARK}_delete ON ocurrences;
    DROP TRIGGER ${MARK}_update ON ocurrences;
    DROP TRIGGER ${MARK}_insert ON ocurrences;
    DROP FUNCTION ${TRUNCATE}();
    DROP FUNCTION ${MARK}();
    DROP FUNCTION occurrence_days_within(date, varbit, date, date);
    DROP FUNCTION order_occurrence_days(integer[]);
    DROP TABLE order_days_stale;
    ALTER TABLE order_search
      DROP COLUMN patient_facility, DROP COLUMN patient_state_id,
      DROP COLUMN unshipped_days, DROP COLUMN days, DROP COLUMN days_from;
  `,
  );
}
