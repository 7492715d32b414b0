import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * How many invoices each order has and how many of them are open (balance > 0), so the invoice
 * and remittance lists answer their exact count without counting hundreds of thousands of rows
 * (docs/decisions.md, "Kept counts").
 *
 * - Each order keeps its own counts (`orders.invoice_count`, `orders.open_invoice_count`), so a
 *   search sums them over the orders its trigram index finds, with no further lookup.
 * - `invoice_counts` holds the counts of all orders (order id 0) for the unfiltered lists.
 *
 * Also an index on patients (last name, first name), the remittance list's default order, so
 * its first page walks patients in order instead of sorting them.
 *
 * The same pattern as the report totals (0012): statement triggers on invoices append what each
 * statement changed to `invoice_count_deltas`, per order and for all orders (order id 0); writers
 * never lock a shared row. A periodic compaction (db/kept-totals.ts) folds the deltas into the
 * counts. A count reads both, so it is exact at any time.
 */

/** Per order and for all orders (order id 0): the change in invoices and open invoices. */
const deltaInsert = (rows: string) => `
    INSERT INTO invoice_count_deltas (order_id, invoices, open_invoices)
    SELECT coalesce(order_id, 0), sum(sign), sum(CASE WHEN balance > 0 THEN sign ELSE 0 END)
      FROM (${rows}) r
     GROUP BY GROUPING SETS ((order_id), ())
    HAVING sum(sign) <> 0 OR sum(CASE WHEN balance > 0 THEN sign ELSE 0 END) <> 0;`;

const TRIGGER_FUNCTION = `
CREATE FUNCTION invoices_count_deltas() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${deltaInsert('SELECT 1 AS sign, order_id, balance FROM new_rows')}
  ELSIF TG_OP = 'UPDATE' THEN
    ${deltaInsert(`SELECT 1 AS sign, order_id, balance FROM new_rows
                   UNION ALL
                   SELECT -1, order_id, balance FROM old_rows`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${deltaInsert('SELECT -1 AS sign, order_id, balance FROM old_rows')}
  END IF;
  RETURN NULL;
END
$fn$`;

const TRUNCATE_FUNCTION = `
CREATE FUNCTION invoices_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE invoice_count_deltas, invoice_counts;
  UPDATE orders SET invoice_count = 0, open_invoice_count = 0 WHERE invoice_count <> 0 OR open_invoice_count <> 0;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE orders
      ADD COLUMN invoice_count integer NOT NULL DEFAULT 0,
      ADD COLUMN open_invoice_count integer NOT NULL DEFAULT 0;
    CREATE TABLE invoice_counts (
      order_id integer PRIMARY KEY CHECK (order_id = 0),
      invoices integer NOT NULL DEFAULT 0,
      open_invoices integer NOT NULL DEFAULT 0
    );
    CREATE TABLE invoice_count_deltas (
      id bigserial PRIMARY KEY,
      order_id integer NOT NULL,
      invoices integer NOT NULL DEFAULT 0,
      open_invoices integer NOT NULL DEFAULT 0
    );
    CREATE INDEX invoice_count_deltas_order_idx ON invoice_count_deltas (order_id);
  `,
  );
  await sql.raw(TRIGGER_FUNCTION).execute(db);
  await sql.raw(TRUNCATE_FUNCTION).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER invoices_count_deltas_insert AFTER INSERT ON invoices
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_count_deltas();
    CREATE TRIGGER invoices_count_deltas_update AFTER UPDATE ON invoices
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_count_deltas();
    CREATE TRIGGER invoices_count_deltas_delete AFTER DELETE ON invoices
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_count_deltas();
    CREATE TRIGGER invoices_count_truncate AFTER TRUNCATE ON invoices
      FOR EACH STATEMENT EXECUTE FUNCTION invoices_count_truncate();
    UPDATE orders o SET invoice_count = c.invoices, open_invoice_count = c.open_invoices
      FROM (SELECT order_id, count(*) AS invoices, count(*) FILTER (WHERE balance > 0) AS open_invoices
              FROM invoices GROUP BY order_id) c
     WHERE c.order_id = o.id;
    INSERT INTO invoice_counts (order_id, invoices, open_invoices)
    SELECT 0, count(*), count(*) FILTER (WHERE balance > 0) FROM invoices;
    ANALYZE orders;
    CREATE INDEX patients_last_first_idx ON patients (last_name, first_name, id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER invoices_count_truncate ON invoices;
    DROP TRIGGER invoices_count_deltas_delete ON invoices;
    DROP TRIGGER invoices_count_deltas_update ON invoices;
    DROP TRIGGER invoices_count_deltas_insert ON invoices;
    DROP FUNCTION invoices_count_truncate();
    DROP FUNCTION invoices_count_deltas();
    DROP TABLE invoice_count_deltas;
    DROP TABLE invoice_counts;
    DROP INDEX patients_last_first_idx;
    ALTER TABLE orders DROP COLUMN open_invoice_count, DROP COLUMN invoice_count;
  `,
  );
}
