import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * What the order search looks in, lower-cased like patients.search_text (migration 0002): the
 * order name, the PO number and the patient's name ("first last" and "first middle last"), one
 * field per segment. The unit separator (U+001F) keeps a term from matching across two fields.
 */
const SEARCH_FUNCTION = `
CREATE FUNCTION order_search_text(order_name text, po_number text, first_name text, middle_name text, last_name text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT lower(
    order_name || E'\\x1f' || po_number || E'\\x1f' ||
    first_name || ' ' || last_name || E'\\x1f' ||
    first_name || ' ' || middle_name || ' ' || last_name
  )
$fn$`;

/**
 * A row trigger on orders computes the column on insert and on a change of name, PO number or
 * patient; a row trigger on patients rewrites it on that patient's orders when the patient's name
 * changes. Triggers hold for every writer: the routes, the clone, the bulk seeders and imports.
 */
const ORDER_TRIGGER = `
CREATE FUNCTION orders_search_text_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT order_search_text(NEW.name, NEW.po_number, p.first_name, p.middle_name, p.last_name)
    INTO NEW.search_text
    FROM patients p WHERE p.id = NEW.patient_id;
  NEW.search_text := coalesce(NEW.search_text, lower(NEW.name || E'\\x1f' || NEW.po_number));
  RETURN NEW;
END
$fn$`;

const PATIENT_TRIGGER = `
CREATE FUNCTION patients_order_search_text_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE orders
     SET search_text = order_search_text(name, po_number, NEW.first_name, NEW.middle_name, NEW.last_name)
   WHERE patient_id = NEW.id;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(SEARCH_FUNCTION).execute(db);
  await sql.raw(ORDER_TRIGGER).execute(db);
  await sql.raw(PATIENT_TRIGGER).execute(db);
  await runStatements(
    db,
    `
    ALTER TABLE orders ADD COLUMN search_text text NOT NULL DEFAULT '';
    UPDATE orders o
       SET search_text = order_search_text(o.name, o.po_number, p.first_name, p.middle_name, p.last_name)
      FROM patients p
     WHERE p.id = o.patient_id;
    CREATE TRIGGER orders_search_text BEFORE INSERT OR UPDATE OF name, po_number, patient_id ON orders
      FOR EACH ROW EXECUTE FUNCTION orders_search_text_fill();
    CREATE TRIGGER patients_order_search_text AFTER UPDATE OF first_name, middle_name, last_name ON patients
      FOR EACH ROW
      WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name
         OR OLD.middle_name IS DISTINCT FROM NEW.middle_name
         OR OLD.last_name IS DISTINCT FROM NEW.last_name)
      EXECUTE FUNCTION patients_order_search_text_fill();
    `,
  );
  // One trigram index on the column replaces the separate name and PO number indexes (the search
  // no longer reads those columns); without pg_trgm the search scans, as elsewhere.
  await sql
    .raw(
      `
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE INDEX orders_search_trgm_idx ON orders USING gin (search_text gin_trgm_ops)';
        EXECUTE 'DROP INDEX IF EXISTS orders_name_trgm_idx';
        EXECUTE 'DROP INDEX IF EXISTS orders_po_number_trgm_idx';
      END IF;
    END
    $$
  `,
    )
    .execute(db);
  await sql`ANALYZE orders`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER patients_order_search_text ON patients;
    DROP TRIGGER orders_search_text ON orders;
    ALTER TABLE orders DROP COLUMN search_text;
    DROP FUNCTION patients_order_search_text_fill();
    DROP FUNCTION orders_search_text_fill();
    DROP FUNCTION order_search_text(text, text, text, text, text);
    `,
  );
  await sql
    .raw(
      `
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE INDEX orders_name_trgm_idx ON orders USING gin (name gin_trgm_ops)';
        EXECUTE 'CREATE INDEX orders_po_number_trgm_idx ON orders USING gin (po_number gin_trgm_ops)';
      END IF;
    END
    $$
  `,
    )
    .execute(db);
}
