import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * Each invoice keeps its occurrence's figures: amount (services' total + tax), remitted and
 * balance (what is still outstanding). The remittance list filters and sorts on them through
 * indexes instead of summing every service of every invoice.
 *
 * - An invoice computes them from its services when it is created.
 * - A statement on services adds what it changed, per occurrence, to that occurrence's invoice.
 *   Every writer of those columns (ship, posting, revert, write-off) locks the occurrence's
 *   services before this update locks the invoice, so the lock order is the same everywhere.
 */

const FIGURES_OF_SERVICES = `
  coalesce(sum(total + tax_amount), 0) AS amount,
  coalesce(sum(remitted), 0) AS remitted,
  coalesce(sum(outstanding), 0) AS balance`;

const INSERT_FUNCTION = `
CREATE FUNCTION invoices_figures_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT ${FIGURES_OF_SERVICES}
    INTO NEW.amount, NEW.remitted, NEW.balance
    FROM services WHERE ocurrence_id = NEW.ocurrence_id;
  RETURN NEW;
END
$fn$`;

const signed = (rows: string) => `
    UPDATE invoices i
       SET amount = i.amount + d.amount, remitted = i.remitted + d.remitted, balance = i.balance + d.balance
      FROM (
        SELECT ocurrence_id,
               sum(sign * (total + tax_amount)) AS amount,
               sum(sign * remitted) AS remitted,
               sum(sign * coalesce(outstanding, 0)) AS balance
          FROM (${rows}) r
         GROUP BY ocurrence_id
        HAVING sum(sign * (total + tax_amount)) <> 0 OR sum(sign * remitted) <> 0
            OR sum(sign * coalesce(outstanding, 0)) <> 0
      ) d
     WHERE i.ocurrence_id = d.ocurrence_id;`;

const SERVICES_FUNCTION = `
CREATE FUNCTION services_invoice_figures() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${signed('SELECT 1 AS sign, ocurrence_id, total, tax_amount, remitted, outstanding FROM new_rows')}
  ELSIF TG_OP = 'UPDATE' THEN
    ${signed(`SELECT 1 AS sign, ocurrence_id, total, tax_amount, remitted, outstanding FROM new_rows
              UNION ALL
              SELECT -1, ocurrence_id, total, tax_amount, remitted, outstanding FROM old_rows`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${signed('SELECT -1 AS sign, ocurrence_id, total, tax_amount, remitted, outstanding FROM old_rows')}
  END IF;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE invoices
      ADD COLUMN amount numeric(14, 2) NOT NULL DEFAULT 0,
      ADD COLUMN remitted numeric(14, 2) NOT NULL DEFAULT 0,
      ADD COLUMN balance numeric(14, 2) NOT NULL DEFAULT 0;
  `,
  );
  await sql
    .raw(
      `UPDATE invoices i SET amount = f.amount, remitted = f.remitted, balance = f.balance
         FROM (SELECT ocurrence_id, ${FIGURES_OF_SERVICES} FROM services GROUP BY ocurrence_id) f
        WHERE f.ocurrence_id = i.ocurrence_id`,
    )
    .execute(db);
  await sql.raw(INSERT_FUNCTION).execute(db);
  await sql.raw(SERVICES_FUNCTION).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER invoices_figures BEFORE INSERT ON invoices
      FOR EACH ROW EXECUTE FUNCTION invoices_figures_fill();
    CREATE TRIGGER services_invoice_figures_insert AFTER INSERT ON services
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_invoice_figures();
    CREATE TRIGGER services_invoice_figures_update AFTER UPDATE ON services
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_invoice_figures();
    CREATE TRIGGER services_invoice_figures_delete AFTER DELETE ON services
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION services_invoice_figures();
    CREATE INDEX invoices_open_idx ON invoices (id) WHERE balance > 0;
    CREATE INDEX invoices_open_order_idx ON invoices (order_id, id) WHERE balance > 0;
    ANALYZE invoices;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER services_invoice_figures_delete ON services;
    DROP TRIGGER services_invoice_figures_update ON services;
    DROP TRIGGER services_invoice_figures_insert ON services;
    DROP TRIGGER invoices_figures ON invoices;
    DROP FUNCTION services_invoice_figures();
    DROP FUNCTION invoices_figures_fill();
    DROP INDEX invoices_open_order_idx;
    DROP INDEX invoices_open_idx;
    ALTER TABLE invoices DROP COLUMN balance, DROP COLUMN remitted, DROP COLUMN amount;
  `,
  );
}
