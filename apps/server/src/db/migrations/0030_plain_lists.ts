import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * The lists count and page with plain queries on the base tables (issue 29): what migrations
 * 0015, 0017, 0018 and 0020 to 0025 kept beside them (counts per status, state, piece, day,
 * patient and order, narrow search copies, occurrence days as bits) goes, with the triggers and
 * functions that kept it. The per-day service totals of the end-of-year report (0012) and each
 * invoice's figures (0013) stay: the plain query misses the budget there (docs/performance.md).
 *
 * Also fewer triggers for what stays:
 * - One BEFORE trigger fills a new invoice from its occurrence (its order and figures: 0009 and
 *   0013 had one each); an occurrence moved to another order carries its invoice along through a
 *   foreign key ON UPDATE CASCADE instead of a trigger.
 * - The report's TRUNCATE trigger goes: nothing truncates services (a restore drops the schema).
 *
 * Not undone: a database is taken back before it by restoring a backup.
 */

/** Drops each kept-count and search-copy trigger of migrations 0015 to 0025 from the base tables. */
const DROP_TRIGGERS = `
  DROP TRIGGER invoices_count_deltas_insert ON invoices;
  DROP TRIGGER invoices_count_deltas_update ON invoices;
  DROP TRIGGER invoices_count_deltas_delete ON invoices;
  DROP TRIGGER invoices_count_truncate ON invoices;
  DROP TRIGGER patients_count_deltas_insert ON patients;
  DROP TRIGGER patients_count_deltas_update ON patients;
  DROP TRIGGER patients_count_deltas_delete ON patients;
  DROP TRIGGER patients_count_truncate ON patients;
  DROP TRIGGER patients_search_sync_insert ON patients;
  DROP TRIGGER patients_search_sync_update ON patients;
  DROP TRIGGER orders_search_sync_insert ON orders;
  DROP TRIGGER orders_search_sync_update ON orders;
  DROP TRIGGER ocurrences_count_deltas_insert ON ocurrences;
  DROP TRIGGER ocurrences_count_deltas_update ON ocurrences;
  DROP TRIGGER ocurrences_count_deltas_delete ON ocurrences;
  DROP TRIGGER ocurrences_count_truncate ON ocurrences;
  DROP TRIGGER ocurrences_day_count_deltas_insert ON ocurrences;
  DROP TRIGGER ocurrences_day_count_deltas_update ON ocurrences;
  DROP TRIGGER ocurrences_day_count_deltas_delete ON ocurrences;
  DROP TRIGGER ocurrences_day_count_deltas_truncate ON ocurrences;
  DROP TRIGGER ocurrences_search_count_deltas_insert ON ocurrences;
  DROP TRIGGER ocurrences_search_count_deltas_update ON ocurrences;
  DROP TRIGGER ocurrences_search_count_deltas_delete ON ocurrences;
  DROP TRIGGER ocurrences_search_count_deltas_truncate ON ocurrences;
  DROP TRIGGER order_days_mark_insert ON ocurrences;
  DROP TRIGGER order_days_mark_update ON ocurrences;
  DROP TRIGGER order_days_mark_delete ON ocurrences;
  DROP TRIGGER order_days_truncate ON ocurrences;
  DROP TRIGGER services_day_truncate ON services;
  DROP TRIGGER invoices_order ON invoices;
  DROP TRIGGER invoices_figures ON invoices;
  DROP TRIGGER ocurrences_invoice_order ON ocurrences;
`;

/** The derived tables (their own triggers and indexes go with them). */
const DROP_TABLES = `
  DROP TABLE invoice_count_deltas, invoice_counts;
  DROP TABLE patient_count_deltas, patient_counts;
  DROP TABLE occurrence_count_deltas, occurrence_counts;
  DROP TABLE occurrence_day_count_deltas, occurrence_day_counts;
  DROP TABLE patient_occurrence_deltas, order_occurrence_deltas;
  DROP TABLE patient_piece_count_deltas, patient_piece_counts;
  DROP TABLE order_piece_count_deltas, order_piece_counts;
  DROP TABLE order_days_stale;
  DROP TABLE patient_search, order_search;
  DROP INDEX patients_pieces_idx;
  DROP INDEX orders_pieces_idx;
`;

const DROP_FUNCTIONS = `
  DROP FUNCTION invoices_count_deltas();
  DROP FUNCTION invoices_count_truncate();
  DROP FUNCTION patients_count_deltas();
  DROP FUNCTION patients_count_truncate();
  DROP FUNCTION patients_search_sync();
  DROP FUNCTION orders_search_sync();
  DROP FUNCTION ocurrences_count_deltas();
  DROP FUNCTION ocurrences_count_truncate();
  DROP FUNCTION ocurrences_day_count_deltas();
  DROP FUNCTION ocurrences_day_count_truncate();
  DROP FUNCTION ocurrences_search_count_deltas();
  DROP FUNCTION ocurrences_search_count_truncate();
  DROP FUNCTION order_days_mark();
  DROP FUNCTION order_days_truncate();
  DROP FUNCTION order_occurrence_days(integer[]);
  DROP FUNCTION occurrence_days_within(date, varbit, date, date);
  DROP FUNCTION patient_piece_count_deltas();
  DROP FUNCTION patient_piece_count_truncate();
  DROP FUNCTION order_piece_count_deltas();
  DROP FUNCTION order_piece_count_truncate();
  DROP FUNCTION search_pieces(text);
  DROP FUNCTION services_day_truncate();
  DROP FUNCTION invoices_order_fill();
  DROP FUNCTION invoices_figures_fill();
  DROP FUNCTION ocurrences_invoice_order_fill();
`;

/** What a new invoice (or one moved to another occurrence) takes from its occurrence. */
const INVOICE_FILL = `
CREATE FUNCTION invoices_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT order_id INTO NEW.order_id FROM ocurrences WHERE id = NEW.ocurrence_id;
  SELECT coalesce(sum(total + tax_amount), 0), coalesce(sum(remitted), 0), coalesce(sum(outstanding), 0)
    INTO NEW.amount, NEW.remitted, NEW.balance
    FROM services WHERE ocurrence_id = NEW.ocurrence_id;
  RETURN NEW;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, DROP_TRIGGERS);
  await runStatements(db, DROP_TABLES);
  await runStatements(db, DROP_FUNCTIONS);
  await sql.raw(INVOICE_FILL).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER invoices_fill BEFORE INSERT OR UPDATE OF ocurrence_id ON invoices
      FOR EACH ROW EXECUTE FUNCTION invoices_fill();
    ALTER TABLE ocurrences ADD CONSTRAINT ocurrences_id_order_key UNIQUE (id, order_id);
    ALTER TABLE invoices ADD CONSTRAINT invoices_ocurrence_order_fkey
      FOREIGN KEY (ocurrence_id, order_id) REFERENCES ocurrences (id, order_id) ON UPDATE CASCADE;
  `,
  );
}
