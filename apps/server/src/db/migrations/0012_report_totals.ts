import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * The end-of-year report reads per-day sums instead of every service (docs/decisions.md, "Report
 * totals"). Writes to services never lock a shared row: statement triggers append what each
 * statement changed, per day, to `service_day_deltas`; a periodic compaction folds the deltas
 * into `service_day_totals` in one transaction. The report sums both, so it is exact at any time.
 */

const FIGURES = [
  'total',
  'taxable',
  'tax',
  'remitted',
  'adjusted',
  'write_off',
  'total_shipped',
  'taxable_shipped',
  'tax_shipped',
  'remitted_shipped',
  'adjusted_shipped',
  'write_off_shipped',
] as const;

const columns = FIGURES.map((f) => `${f} numeric NOT NULL DEFAULT 0`).join(',\n  ');

/** One service row's figures, `sign` 1 (added) or -1 (taken away), from a row aliased `r`. */
const SIGNED_FIGURES = `
  r.date AS day,
  r.sign * r.total AS total,
  r.sign * CASE WHEN r.tax_applied THEN r.total ELSE 0 END AS taxable,
  r.sign * r.tax_amount AS tax,
  r.sign * r.remitted AS remitted,
  r.sign * r.amount_ajusted AS adjusted,
  r.sign * r.write_off AS write_off,
  r.sign * CASE WHEN r.shipped THEN r.total ELSE 0 END AS total_shipped,
  r.sign * CASE WHEN r.shipped AND r.tax_applied THEN r.total ELSE 0 END AS taxable_shipped,
  r.sign * CASE WHEN r.shipped THEN r.tax_amount ELSE 0 END AS tax_shipped,
  r.sign * CASE WHEN r.shipped THEN r.remitted ELSE 0 END AS remitted_shipped,
  r.sign * CASE WHEN r.shipped THEN r.amount_ajusted ELSE 0 END AS adjusted_shipped,
  r.sign * CASE WHEN r.shipped THEN r.write_off ELSE 0 END AS write_off_shipped`;

const sums = FIGURES.map((f) => `sum(${f})`).join(', ');
const nonZero = FIGURES.map((f) => `sum(${f}) <> 0`).join(' OR ');

const deltaInsert = (rows: string) => `
    INSERT INTO service_day_deltas (day, ${FIGURES.join(', ')})
    SELECT day, ${sums}
      FROM (SELECT ${SIGNED_FIGURES} FROM (${rows}) r) f
     GROUP BY day
    HAVING ${nonZero};`;

const TRIGGER_FUNCTION = `
CREATE FUNCTION services_day_deltas() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${deltaInsert('SELECT 1 AS sign, * FROM new_rows')}
  ELSIF TG_OP = 'UPDATE' THEN
    ${deltaInsert('SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows')}
  ELSIF TG_OP = 'DELETE' THEN
    ${deltaInsert('SELECT -1 AS sign, * FROM old_rows')}
  END IF;
  RETURN NULL;
END
$fn$`;

const TRUNCATE_FUNCTION = `
CREATE FUNCTION services_day_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE service_day_deltas, service_day_totals;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE service_day_totals (
      day date PRIMARY KEY,
      ${columns}
    );
    CREATE TABLE service_day_deltas (
      id bigserial PRIMARY KEY,
      day date NOT NULL,
      ${columns}
    );
    CREATE INDEX service_day_deltas_day_idx ON service_day_deltas (day);
  `,
  );
  await sql.raw(TRIGGER_FUNCTION).execute(db);
  await sql.raw(TRUNCATE_FUNCTION).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER services_day_deltas_insert AFTER INSERT ON services
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_day_deltas();
    CREATE TRIGGER services_day_deltas_update AFTER UPDATE ON services
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_day_deltas();
    CREATE TRIGGER services_day_deltas_delete AFTER DELETE ON services
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION services_day_deltas();
    CREATE TRIGGER services_day_truncate AFTER TRUNCATE ON services
      FOR EACH STATEMENT EXECUTE FUNCTION services_day_truncate();
  `,
  );
  await sql
    .raw(
      `INSERT INTO service_day_totals (day, ${FIGURES.join(', ')})
       SELECT day, ${sums} FROM (SELECT ${SIGNED_FIGURES} FROM (SELECT 1 AS sign, * FROM services) r) f GROUP BY day`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER services_day_truncate ON services;
    DROP TRIGGER services_day_deltas_delete ON services;
    DROP TRIGGER services_day_deltas_update ON services;
    DROP TRIGGER services_day_deltas_insert ON services;
    DROP FUNCTION services_day_truncate();
    DROP FUNCTION services_day_deltas();
    DROP TABLE service_day_deltas;
    DROP TABLE service_day_totals;
  `,
  );
}
