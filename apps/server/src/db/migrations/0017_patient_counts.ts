import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * How many patients there are per status, state and Rentals flag, so the patient lists count an
 * unsearched page and order by state without reading 100,000 index entries (docs/decisions.md,
 * "Kept counts"). The same pattern as the invoice counts (0015): statement triggers on patients
 * append what each statement changed to `patient_count_deltas`; the periodic compaction
 * (db/kept-totals.ts) folds them into `patient_counts`. A count reads both, so it is exact at any
 * time. A patient without a state is kept under state 0.
 */

const deltaInsert = (rows: string) => `
    INSERT INTO patient_count_deltas (status, state_id, rentals, patients)
    SELECT status, coalesce(state_id, 0), rentals, sum(sign)
      FROM (${rows}) r
     GROUP BY status, coalesce(state_id, 0), rentals
    HAVING sum(sign) <> 0;`;

const TRIGGER_FUNCTION = `
CREATE FUNCTION patients_count_deltas() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${deltaInsert('SELECT 1 AS sign, status, state_id, rentals FROM new_rows')}
  ELSIF TG_OP = 'UPDATE' THEN
    ${deltaInsert(`SELECT 1 AS sign, status, state_id, rentals FROM new_rows
                   UNION ALL
                   SELECT -1, status, state_id, rentals FROM old_rows`)}
  ELSIF TG_OP = 'DELETE' THEN
    ${deltaInsert('SELECT -1 AS sign, status, state_id, rentals FROM old_rows')}
  END IF;
  RETURN NULL;
END
$fn$`;

const TRUNCATE_FUNCTION = `
CREATE FUNCTION patients_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE patient_count_deltas, patient_counts;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE patient_counts (
      status text NOT NULL,
      state_id integer NOT NULL,
      rentals boolean NOT NULL,
      patients integer NOT NULL DEFAULT 0,
      PRIMARY KEY (status, state_id, rentals)
    );
    CREATE TABLE patient_count_deltas (
      id bigserial PRIMARY KEY,
      status text NOT NULL,
      state_id integer NOT NULL,
      rentals boolean NOT NULL,
      patients integer NOT NULL DEFAULT 0
    );
  `,
  );
  await sql.raw(TRIGGER_FUNCTION).execute(db);
  await sql.raw(TRUNCATE_FUNCTION).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER patients_count_deltas_insert AFTER INSERT ON patients
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patients_count_deltas();
    CREATE TRIGGER patients_count_deltas_update AFTER UPDATE ON patients
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patients_count_deltas();
    CREATE TRIGGER patients_count_deltas_delete AFTER DELETE ON patients
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patients_count_deltas();
    CREATE TRIGGER patients_count_truncate AFTER TRUNCATE ON patients
      FOR EACH STATEMENT EXECUTE FUNCTION patients_count_truncate();
    INSERT INTO patient_counts (status, state_id, rentals, patients)
    SELECT status, coalesce(state_id, 0), rentals, count(*) FROM patients GROUP BY 1, 2, 3;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER patients_count_truncate ON patients;
    DROP TRIGGER patients_count_deltas_delete ON patients;
    DROP TRIGGER patients_count_deltas_update ON patients;
    DROP TRIGGER patients_count_deltas_insert ON patients;
    DROP FUNCTION patients_count_truncate();
    DROP FUNCTION patients_count_deltas();
    DROP TABLE patient_count_deltas;
    DROP TABLE patient_counts;
  `,
  );
}
