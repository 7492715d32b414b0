import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-sql.ts';
import { statementFunction } from './kept-deltas.ts';

/** The channel a change to who may sign in is announced on (plugins/session-cache.ts listens). */
export const AUTH_CHANNEL = 'dme_auth_changed';

const NOTIFY_FUNCTION = statementFunction(
  'notify_auth_changed',
  `PERFORM pg_notify('${AUTH_CHANNEL}', TG_TABLE_NAME);`,
);

/**
 * Two things the lists and the sign-in check read on every request (docs/performance.md):
 *
 * - Patients in name order, lower-cased as the lists sort them: ordering a work queue, Shipping
 *   Status, the orders or the expirations by patient name walks this index and the patient's
 *   orders and occurrences, and stops after a page, instead of sorting every patient (80 to 200 ms
 *   at 100,000 patients without a date range).
 * - A notification whenever a session or a user changes (sign-out, deactivation, a password or
 *   role change, any statement on those tables; delivered at commit), so each server process can
 *   keep the sessions it checked in memory and forget them all at once when told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX patients_lower_name_idx ON patients (lower(last_name), lower(first_name), id);
    ANALYZE patients;
  `,
  );
  await sql.raw(NOTIFY_FUNCTION).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
      FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
    CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER users_auth_changed ON users;
    DROP TRIGGER sessions_auth_changed ON sessions;
    DROP FUNCTION notify_auth_changed();
    DROP INDEX patients_lower_name_idx;
  `,
  );
}
