import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * Indexes for two searches (docs/performance.md).
 *
 * The patient picker (GET /patients_list/):
 *
 * - The picker index carries what the picker reads and filters (status, birthdate, search text),
 *   so a common term's first 100 matches come from an index-only walk that stops after a page,
 *   instead of fetching and sorting every match from the table.
 * - Lower-cased first, last and full names (text_pattern_ops: equality and prefix LIKE) find the
 *   patients whose name is or starts with the term directly, and give the planner their
 *   statistics, so it knows how common a prefix is.
 *
 * Shipping Status with a search: the occurrences' date index carries the order and the filter
 * columns, so the count of a date range joins the matching orders by hashing an index-only scan
 * of the range instead of probing the (order, date) index once per matching order. It replaces
 * the plain (date, id) index, whose ordered walks it serves as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX patients_picker_idx;
    CREATE INDEX patients_picker_idx ON patients ((status <> 'Active'), first_name, last_name, id)
      INCLUDE (status, birthdate, search_text);
    CREATE INDEX patients_last_lower_idx ON patients (lower(last_name) text_pattern_ops);
    CREATE INDEX patients_first_lower_idx ON patients (lower(first_name) text_pattern_ops);
    CREATE INDEX patients_full_lower_idx ON patients (lower(first_name || ' ' || last_name) text_pattern_ops);
    ANALYZE patients;
    CREATE INDEX ocurrences_shipping_idx ON ocurrences (date, id)
      INCLUDE (order_id, patient_state_id, patient_facility, shipped);
    DROP INDEX ocurrences_date_idx;
    ANALYZE ocurrences;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX ocurrences_date_idx ON ocurrences (date, id);
    DROP INDEX ocurrences_shipping_idx;
    DROP INDEX patients_full_lower_idx;
    DROP INDEX patients_first_lower_idx;
    DROP INDEX patients_last_lower_idx;
    DROP INDEX patients_picker_idx;
    CREATE INDEX patients_picker_idx ON patients ((status <> 'Active'), first_name, last_name, id);
  `,
  );
}
