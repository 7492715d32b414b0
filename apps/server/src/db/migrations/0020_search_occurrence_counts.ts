import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';
import {
  deltaTriggerFunction,
  deltaTriggers,
  dropDeltaTriggers,
  OCCURRENCE_COMPLETED as COMPLETED,
  statementFunction,
} from './kept-deltas.ts';

/**
 * A search in the work queues or Shipping Status without a date range matches occurrences of every
 * date: three common letters find about 7,000 patients or 3,600 orders and 55,000 of their
 * occurrences, and counting those one by one took 20 to 30 ms at 750,000 occurrences. So:
 *
 * - Each patient keeps how many occurrences its orders have, and how many of them are not
 *   completed (Hide Completed): the queues' search runs on the patients' search text, so its
 *   count sums these over the patients the trigram index finds, with no further lookup.
 * - Each order keeps how many occurrences it has, and how many are not shipped (Hide Shipped):
 *   Shipping Status searches the orders' search text, so its count sums these.
 *
 * (Counts kept in separate tables were tried: each matching row then cost a join probe, as slow
 * as counting the occurrences.) The same pattern as the invoice counts on orders (0015):
 * statement triggers on occurrences append each statement's changes per patient and per order
 * to two deltas tables; the periodic compaction (db/kept-totals.ts) folds them into the rows it
 * can lock at once; a count reads both, so it is exact at any time.
 */

const deltaInserts = (rows: string) => `
    INSERT INTO patient_occurrence_deltas (patient_id, occurrences, open_occurrences)
    SELECT patient_id, sum(sign), coalesce(sum(sign) FILTER (WHERE NOT completed), 0)
      FROM (${rows}) r
     WHERE patient_id IS NOT NULL
     GROUP BY patient_id
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE NOT completed), 0) <> 0;
    INSERT INTO order_occurrence_deltas (order_id, occurrences, unshipped_occurrences)
    SELECT order_id, sum(sign), coalesce(sum(sign) FILTER (WHERE NOT shipped), 0)
      FROM (${rows}) r
     GROUP BY order_id
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE NOT shipped), 0) <> 0;`;

const rowsOf = (sign: number, table: string) =>
  `SELECT ${sign} AS sign, patient_id, order_id, ${COMPLETED} AS completed, shipped FROM ${table}`;

const DELTAS = 'ocurrences_search_count_deltas';
const TRUNCATE = 'ocurrences_search_count_truncate';

const TRUNCATE_BODY = `
  TRUNCATE patient_occurrence_deltas, order_occurrence_deltas;
  UPDATE patients SET occurrence_count = 0, open_occurrence_count = 0
   WHERE occurrence_count <> 0 OR open_occurrence_count <> 0;
  UPDATE orders SET occurrence_count = 0, unshipped_occurrence_count = 0
   WHERE occurrence_count <> 0 OR unshipped_occurrence_count <> 0;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE patients
      ADD COLUMN occurrence_count integer NOT NULL DEFAULT 0,
      ADD COLUMN open_occurrence_count integer NOT NULL DEFAULT 0;
    ALTER TABLE orders
      ADD COLUMN occurrence_count integer NOT NULL DEFAULT 0,
      ADD COLUMN unshipped_occurrence_count integer NOT NULL DEFAULT 0;
    CREATE TABLE patient_occurrence_deltas (
      id bigserial PRIMARY KEY,
      patient_id integer NOT NULL,
      occurrences integer NOT NULL DEFAULT 0,
      open_occurrences integer NOT NULL DEFAULT 0
    );
    CREATE INDEX patient_occurrence_deltas_patient_idx ON patient_occurrence_deltas (patient_id);
    CREATE TABLE order_occurrence_deltas (
      id bigserial PRIMARY KEY,
      order_id integer NOT NULL,
      occurrences integer NOT NULL DEFAULT 0,
      unshipped_occurrences integer NOT NULL DEFAULT 0
    );
    CREATE INDEX order_occurrence_deltas_order_idx ON order_occurrence_deltas (order_id);
  `,
  );
  await sql.raw(deltaTriggerFunction(DELTAS, deltaInserts, rowsOf)).execute(db);
  await sql.raw(statementFunction(TRUNCATE, TRUNCATE_BODY)).execute(db);
  await runStatements(
    db,
    `
    ${deltaTriggers('ocurrences', DELTAS, DELTAS, TRUNCATE)}
    UPDATE patients p SET occurrence_count = c.n, open_occurrence_count = c.open
      FROM (SELECT patient_id, count(*) AS n, count(*) FILTER (WHERE NOT (${COMPLETED})) AS open
              FROM ocurrences WHERE patient_id IS NOT NULL GROUP BY patient_id) c
     WHERE p.id = c.patient_id;
    UPDATE orders o SET occurrence_count = c.n, unshipped_occurrence_count = c.unshipped
      FROM (SELECT order_id, count(*) AS n, count(*) FILTER (WHERE NOT shipped) AS unshipped
              FROM ocurrences GROUP BY order_id) c
     WHERE o.id = c.order_id;
    ANALYZE patients;
    ANALYZE orders;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ${dropDeltaTriggers('ocurrences', DELTAS, DELTAS, TRUNCATE)}
    DROP TABLE order_occurrence_deltas;
    DROP TABLE patient_occurrence_deltas;
    ALTER TABLE orders DROP COLUMN unshipped_occurrence_count, DROP COLUMN occurrence_count;
    ALTER TABLE patients DROP COLUMN open_occurrence_count, DROP COLUMN occurrence_count;
  `,
  );
}
