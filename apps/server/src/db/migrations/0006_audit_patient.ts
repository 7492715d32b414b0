import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * Which patient an audit row concerns, so a patient's activity (GET /patients/{id}/audit/) is one
 * index range instead of a search through every row's JSON. The patient is read from the row
 * itself: the patient's own rows, a `patient_id` in the before/after images (children, orders),
 * or the order an `order_id` or `ocurrence_id` there belongs to. No foreign key: the trail of a
 * deleted patient stays.
 */
const PATIENT_OF = `
CREATE FUNCTION audit_patient_of(entity text, entity_id text, before jsonb, after jsonb)
RETURNS integer LANGUAGE plpgsql STABLE AS $fn$
DECLARE
  ref text;
  found integer;
BEGIN
  IF entity = 'patient' AND entity_id ~ '^[1-9][0-9]{0,9}$' AND entity_id::bigint <= 2147483647 THEN
    RETURN entity_id::integer;
  END IF;
  ref := coalesce(after ->> 'patient_id', before ->> 'patient_id');
  IF ref ~ '^[1-9][0-9]{0,9}$' AND ref::bigint <= 2147483647 THEN
    RETURN ref::integer;
  END IF;
  ref := coalesce(after ->> 'order_id', before ->> 'order_id');
  IF ref ~ '^[1-9][0-9]{0,9}$' AND ref::bigint <= 2147483647 THEN
    SELECT o.patient_id INTO found FROM orders o WHERE o.id = ref::integer;
    RETURN found;
  END IF;
  ref := coalesce(after ->> 'ocurrence_id', before ->> 'ocurrence_id');
  IF ref ~ '^[1-9][0-9]{0,9}$' AND ref::bigint <= 2147483647 THEN
    SELECT o.patient_id INTO found FROM ocurrences oc JOIN orders o ON o.id = oc.order_id WHERE oc.id = ref::integer;
    RETURN found;
  END IF;
  RETURN NULL;
END
$fn$`;

/** Rows written without a patient get theirs here, whoever writes them (every area's audit calls). */
const FILL = `
CREATE FUNCTION audit_log_patient_fill() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.patient_id IS NULL THEN
    NEW.patient_id := audit_patient_of(NEW.entity, NEW.entity_id, NEW.before, NEW.after);
  END IF;
  RETURN NEW;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(PATIENT_OF).execute(db);
  await sql.raw(FILL).execute(db);
  await runStatements(
    db,
    `
    ALTER TABLE audit_log ADD COLUMN patient_id integer;
    UPDATE audit_log SET patient_id = audit_patient_of(entity, entity_id, before, after);
    CREATE INDEX audit_log_patient_idx ON audit_log (patient_id, id) WHERE patient_id IS NOT NULL;
    CREATE TRIGGER audit_log_patient BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_patient_fill();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER audit_log_patient ON audit_log;
    DROP INDEX audit_log_patient_idx;
    ALTER TABLE audit_log DROP COLUMN patient_id;
    DROP FUNCTION audit_log_patient_fill();
    DROP FUNCTION audit_patient_of(text, text, jsonb, jsonb);
    `,
  );
}
