import type { Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';

/**
 * The remittance list shows invoiced occurrences that still owe something: a partial index of
 * the services with an outstanding amount answers "has a balance" without reading every service.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX services_open_idx ON services (ocurrence_id) WHERE outstanding > 0;
    CREATE INDEX remittance_payments_user_idx ON remittance_payments (user_id, id DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP INDEX remittance_payments_user_idx; DROP INDEX services_open_idx;`);
}
