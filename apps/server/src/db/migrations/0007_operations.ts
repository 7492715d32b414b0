import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * Work queues (issue 11). The occurrence lists filter a date range by the patient's state,
 * facility, call-before-delivery flag and name; joining order and patient for every occurrence of
 * the range (about 12,000 a week at 600,000 occurrences) only to count them costs far more than
 * the lists' budget. So each occurrence keeps a copy of what the lists filter on: its patient's
 * id, search text (patients.search_text), state, facility and call-before-delivery flag. Row
 * triggers keep the copy exact for every writer (routes, clone, bulk seeders, imports): on an
 * occurrence's insert or move to another order, on an order's change of patient, and on a
 * change of those patient fields. One covering index on (date, id) then answers a week's count
 * and first page from the index alone; the patient join is made for the page's rows only.
 */

const OCCURRENCE_FILL = `
CREATE FUNCTION ocurrences_patient_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT p.id, p.search_text, p.state_id, p.facility, p.call_before_delivery
    INTO NEW.patient_id, NEW.patient_search_text, NEW.patient_state_id, NEW.patient_facility,
         NEW.patient_call_before_delivery
    FROM orders o JOIN patients p ON p.id = o.patient_id
   WHERE o.id = NEW.order_id;
  NEW.patient_search_text := coalesce(NEW.patient_search_text, '');
  NEW.patient_facility := coalesce(NEW.patient_facility, false);
  NEW.patient_call_before_delivery := coalesce(NEW.patient_call_before_delivery, false);
  RETURN NEW;
END
$fn$`;

const ORDER_FILL = `
CREATE FUNCTION orders_ocurrences_patient_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE ocurrences oc
     SET patient_id = p.id, patient_search_text = p.search_text, patient_state_id = p.state_id,
         patient_facility = p.facility, patient_call_before_delivery = p.call_before_delivery
    FROM patients p
   WHERE p.id = NEW.patient_id AND oc.order_id = NEW.id;
  RETURN NULL;
END
$fn$`;

const PATIENT_FILL = `
CREATE FUNCTION patients_ocurrences_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE ocurrences
     SET patient_search_text = NEW.search_text, patient_state_id = NEW.state_id,
         patient_facility = NEW.facility, patient_call_before_delivery = NEW.call_before_delivery
   WHERE patient_id = NEW.id;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(OCCURRENCE_FILL).execute(db);
  await sql.raw(ORDER_FILL).execute(db);
  await sql.raw(PATIENT_FILL).execute(db);
  await runStatements(
    db,
    `
    ALTER TABLE ocurrences ADD COLUMN patient_id integer;
    ALTER TABLE ocurrences ADD COLUMN patient_search_text text NOT NULL DEFAULT '';
    ALTER TABLE ocurrences ADD COLUMN patient_state_id integer;
    ALTER TABLE ocurrences ADD COLUMN patient_facility boolean NOT NULL DEFAULT false;
    ALTER TABLE ocurrences ADD COLUMN patient_call_before_delivery boolean NOT NULL DEFAULT false;
    UPDATE ocurrences oc
       SET patient_id = p.id, patient_search_text = p.search_text, patient_state_id = p.state_id,
           patient_facility = p.facility, patient_call_before_delivery = p.call_before_delivery
      FROM orders o JOIN patients p ON p.id = o.patient_id
     WHERE o.id = oc.order_id;
    CREATE TRIGGER ocurrences_patient BEFORE INSERT OR UPDATE OF order_id ON ocurrences
      FOR EACH ROW EXECUTE FUNCTION ocurrences_patient_fill();
    CREATE TRIGGER orders_ocurrences_patient AFTER UPDATE OF patient_id ON orders
      FOR EACH ROW WHEN (OLD.patient_id IS DISTINCT FROM NEW.patient_id)
      EXECUTE FUNCTION orders_ocurrences_patient_fill();
    CREATE TRIGGER patients_ocurrences AFTER UPDATE ON patients
      FOR EACH ROW
      WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text
         OR OLD.state_id IS DISTINCT FROM NEW.state_id
         OR OLD.facility IS DISTINCT FROM NEW.facility
         OR OLD.call_before_delivery IS DISTINCT FROM NEW.call_before_delivery)
      EXECUTE FUNCTION patients_ocurrences_fill();
    CREATE INDEX ocurrences_patient_idx ON ocurrences (patient_id);
    CREATE INDEX ocurrences_queue_idx ON ocurrences (date, id)
      INCLUDE (patient_state_id, patient_facility, patient_call_before_delivery, eligibility_toggle,
               customer_approved, patient_search_text);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER patients_ocurrences ON patients;
    DROP TRIGGER orders_ocurrences_patient ON orders;
    DROP TRIGGER ocurrences_patient ON ocurrences;
    DROP INDEX ocurrences_queue_idx;
    DROP INDEX ocurrences_patient_idx;
    ALTER TABLE ocurrences DROP COLUMN patient_call_before_delivery, DROP COLUMN patient_facility,
      DROP COLUMN patient_state_id, DROP COLUMN patient_search_text, DROP COLUMN patient_id;
    DROP FUNCTION patients_ocurrences_fill();
    DROP FUNCTION orders_ocurrences_patient_fill();
    DROP FUNCTION ocurrences_patient_fill();
  `,
  );
}
