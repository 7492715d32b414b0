import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * Invoice list search (issue 13). The list finds invoices through their order's search text
 * (order name, PO number, patient name: orders.search_text, trigram-indexed) or by invoice or
 * order number. Going invoice -> occurrence -> order for every invoice only to count the matches
 * costs far more than the list's budget, so each invoice keeps its occurrence's order id, with
 * an index on (order_id, id): a search is then the matching orders' index entries. Row triggers
 * keep the copy exact for every writer (shipping, seeders, imports): on an invoice's insert or
 * change of occurrence, and on an occurrence's move to another order.
 */

const INVOICE_FILL = `
CREATE FUNCTION invoices_order_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT order_id INTO NEW.order_id FROM ocurrences WHERE id = NEW.ocurrence_id;
  RETURN NEW;
END
$fn$`;

const OCCURRENCE_MOVE = `
CREATE FUNCTION ocurrences_invoice_order_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE invoices SET order_id = NEW.order_id WHERE ocurrence_id = NEW.id;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(INVOICE_FILL).execute(db);
  await sql.raw(OCCURRENCE_MOVE).execute(db);
  await runStatements(
    db,
    `
    ALTER TABLE invoices ADD COLUMN order_id integer;
    UPDATE invoices i SET order_id = o.order_id FROM ocurrences o WHERE o.id = i.ocurrence_id;
    ALTER TABLE invoices ALTER COLUMN order_id SET NOT NULL;
    ALTER TABLE invoices ADD CONSTRAINT invoices_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders(id);
    CREATE INDEX invoices_order_idx ON invoices (order_id, id);
    CREATE TRIGGER invoices_order BEFORE INSERT OR UPDATE OF ocurrence_id ON invoices
      FOR EACH ROW EXECUTE FUNCTION invoices_order_fill();
    CREATE TRIGGER ocurrences_invoice_order AFTER UPDATE OF order_id ON ocurrences
      FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id)
      EXECUTE FUNCTION ocurrences_invoice_order_fill();
    ANALYZE invoices;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER ocurrences_invoice_order ON ocurrences;
    DROP TRIGGER invoices_order ON invoices;
    DROP INDEX invoices_order_idx;
    ALTER TABLE invoices DROP COLUMN order_id;
    DROP FUNCTION ocurrences_invoice_order_fill();
    DROP FUNCTION invoices_order_fill();
  `,
  );
}
