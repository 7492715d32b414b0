import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0002 from './migrations/0002_patients.ts';
import * as m0003 from './migrations/0003_products.ts';
import * as m0004 from './migrations/0004_orders.ts';
import * as m0005 from './migrations/0005_operations_billing.ts';
import * as m0006 from './migrations/0006_audit_patient.ts';
import * as m0007 from './migrations/0007_operations.ts';
import * as m0008 from './migrations/0008_shipping.ts';
import * as m0009 from './migrations/0009_billing.ts';
import * as m0010 from './migrations/0010_order_search.ts';
import * as m0011 from './migrations/0011_remittance.ts';
import * as m0012 from './migrations/0012_report_totals.ts';
import * as m0013 from './migrations/0013_invoice_balance.ts';
import * as m0014 from './migrations/0014_print_count.ts';
import * as m0015 from './migrations/0015_invoice_counts.ts';
import * as m0016 from './migrations/0016_list_indexes.ts';
import * as m0017 from './migrations/0017_patient_counts.ts';
import * as m0018 from './migrations/0018_occurrence_counts.ts';
import * as m0019 from './migrations/0019_name_order_auth_notify.ts';
import * as m0020 from './migrations/0020_search_occurrence_counts.ts';
import * as m0021 from './migrations/0021_occurrence_day_counts.ts';
import * as m0022 from './migrations/0022_search_tables.ts';
import * as m0023 from './migrations/0023_search_piece_counts.ts';
import * as m0024 from './migrations/0024_search_piece_index.ts';
import * as m0025 from './migrations/0025_order_occurrence_days.ts';
import * as m0026 from './migrations/0026_occurrence_patient_date.ts';
import * as m0027 from './migrations/0027_patient_name_walk.ts';
import * as m0028 from './migrations/0028_batch_heartbeat.ts';
import * as m0029 from './migrations/0029_money_capacity.ts';
import * as m0030 from './migrations/0030_plain_lists.ts';
import * as m0031 from './migrations/0031_claims.ts';
import * as m0032 from './migrations/0032_eras.ts';
import * as m0033 from './migrations/0033_rentals_fees.ts';
import * as m0034 from './migrations/0034_documents.ts';
import * as m0035 from './migrations/0035_claim_payer_number.ts';
import * as m0036 from './migrations/0036_era_claim_count.ts';
import * as m0037 from './migrations/0037_vacuum_often.ts';

/**
 * A migration, and what it runs outside any transaction once it has committed:
 * - `afterCommit`: maintenance (VACUUM, ANALYZE), run once, right after the commit.
 * - `concurrentIndexes`: `CREATE [UNIQUE] INDEX CONCURRENTLY name ON ...` statements. PostgreSQL
 *   builds such an index while the table is read and written; a build cut short (a crash, a
 *   failed unique check) leaves the index missing or invalid, so every start checks them and
 *   builds again whatever is not there and valid. PGlite takes the statement as written: it is
 *   one session, so there is nothing to wait for and it builds the index as a plain one.
 */
export type MigrationModule = Migration & {
  afterCommit?: readonly string[];
  concurrentIndexes?: readonly string[];
};

/** Every migration, in order. A landed migration is never edited; add a new one instead. */
export const migrations: Record<string, MigrationModule> = {
  '0001_foundation': m0001,
  '0002_patients': m0002,
  '0003_products': m0003,
  '0004_orders': m0004,
  '0005_operations_billing': m0005,
  '0006_audit_patient': m0006,
  '0007_operations': m0007,
  '0008_shipping': m0008,
  '0009_billing': m0009,
  '0010_order_search': m0010,
  '0011_remittance': m0011,
  '0012_report_totals': m0012,
  '0013_invoice_balance': m0013,
  '0014_print_count': m0014,
  '0015_invoice_counts': m0015,
  '0016_list_indexes': m0016,
  '0017_patient_counts': m0017,
  '0018_occurrence_counts': m0018,
  '0019_name_order_auth_notify': m0019,
  '0020_search_occurrence_counts': m0020,
  '0021_occurrence_day_counts': m0021,
  '0022_search_tables': m0022,
  '0023_search_piece_counts': m0023,
  '0024_search_piece_index': m0024,
  // 0025 asks for a VACUUM of order_search once committed; 0030 drops that table, so there is
  // nothing left for it to tidy (a fresh database, migrated in one go, no longer has it).
  '0025_order_occurrence_days': { up: m0025.up, down: m0025.down },
  '0026_occurrence_patient_date': m0026,
  '0027_patient_name_walk': m0027,
  '0028_batch_heartbeat': m0028,
  '0029_money_capacity': m0029,
  '0030_plain_lists': m0030,
  '0031_claims': m0031,
  '0032_eras': m0032,
  '0033_rentals_fees': m0033,
  '0034_documents': m0034,
  '0035_claim_payer_number': m0035,
  '0036_era_claim_count': m0036,
  '0037_vacuum_often': m0037,
};

/** A migration's schema version: the number its name starts with ("0027"). */
export function schemaOf(name: string): string {
  return name.slice(0, name.indexOf('_') < 0 ? name.length : name.indexOf('_'));
}

/** The newest schema among migration names. */
export function newestSchema(names: Iterable<string>): string {
  let newest = '';
  for (const name of names) if (schemaOf(name) > newest) newest = schemaOf(name);
  return newest;
}

/** The schema this code migrates a database to. */
export const KNOWN_SCHEMA = newestSchema(Object.keys(migrations));

/** The advisory lock of the concurrent index builds: an arbitrary constant no other lock uses. */
const INDEX_LOCK = 7316028;

const CONCURRENT_INDEX = /^CREATE (?:UNIQUE )?INDEX CONCURRENTLY (\w+) ON /i;

/** The name of a declared concurrent index; a statement of another form is a programming error. */
function concurrentIndexName(migration: string, statement: string): string {
  const match = CONCURRENT_INDEX.exec(statement.trim());
  if (!match) {
    throw new Error(`Migration ${migration}: concurrentIndexes takes "CREATE [UNIQUE] INDEX CONCURRENTLY name ON ..."`);
  }
  return match[1];
}

/** The migrations a database has run (none on a database never migrated). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const table = sql<{ present: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS present`;
  const { rows } = await table.execute(db);
  if (!rows[0]?.present) return [];
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return applied.rows.map((r) => r.name);
}

/**
 * A database migrated by a newer version has migrations this code does not know: its tables may
 * have moved on in ways this code would misread, so it does not start on it.
 */
async function refuseNewerSchema(db: Db, known: Record<string, MigrationModule>): Promise<void> {
  const unknown = (await appliedMigrations(db)).filter((name) => !(name in known));
  if (unknown.length === 0) return;
  throw new Error(
    `This database was migrated by a newer version of DME Office (schema ${newestSchema(unknown)}); ` +
      `this version knows schema ${newestSchema(Object.keys(known))}. ` +
      'Start the newer version, or restore a backup taken before the upgrade.',
  );
}

/**
 * Migrates to the latest schema, under Kysely's migration lock (several processes may start
 * together). A database in use takes each pending migration in its own transaction, so the locks
 * one takes are let go when it commits, not when the last pending one does, and its `afterCommit`
 * runs right after. A database never migrated takes them all in one transaction: nobody reads it
 * yet, and a half-made schema never remains. Last, the declared concurrent indexes of every
 * migration run so far are checked and built.
 */
export async function migrateToLatest(db: Db, known: Record<string, MigrationModule> = migrations): Promise<void> {
  const indexes = declaredIndexes(known);
  await refuseNewerSchema(db, known);
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(known) };
  // Areas add their migrations side by side; a database that ran a later-numbered one first
  // still takes an earlier-numbered newcomer.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const fresh = (await appliedMigrations(db)).length === 0;
  for (;;) {
    const { error, results } = fresh ? await migrator.migrateToLatest() : await migrator.migrateUp();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
    const done = (results ?? []).filter((r) => r.status === 'Success');
    for (const result of done) {
      for (const statement of known[result.migrationName]?.afterCommit ?? []) await sql.raw(statement).execute(db);
    }
    if (fresh || done.length === 0) break;
  }
  await buildConcurrentIndexes(db, indexes);
}

interface DeclaredIndex {
  migration: string;
  name: string;
  create: string;
}

/** Every migration's concurrent indexes, read before anything runs: a malformed one is a programming error. */
function declaredIndexes(known: Record<string, MigrationModule>): DeclaredIndex[] {
  return Object.entries(known).flatMap(([migration, m]) =>
    (m.concurrentIndexes ?? []).map((create) => ({ migration, create, name: concurrentIndexName(migration, create) })),
  );
}

/**
 * Builds the declared concurrent indexes that are missing, and drops and builds again those a
 * cut-short build left invalid. One process does it at a time: one that finds another at it
 * goes on without waiting (the index only speeds queries up), and its next start checks again.
 */
async function buildConcurrentIndexes(db: Db, indexes: DeclaredIndex[]): Promise<void> {
  if (indexes.length === 0) return;
  const applied = new Set(await appliedMigrations(db));
  const declared = indexes.filter((index) => applied.has(index.migration));
  if (declared.length === 0) return;
  await db.connection().execute(async (conn) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${INDEX_LOCK}) AS locked`.execute(conn);
    if (!lock.rows[0]?.locked) return;
    try {
      const { rows } = await sql<{ name: string; valid: boolean }>`
        SELECT c.relname AS name, i.indisvalid AS valid
          FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY(${declared.map((d) => d.name)})
      `.execute(conn);
      const state = new Map(rows.map((r) => [r.name, r.valid]));
      for (const index of declared) {
        if (state.get(index.name) === true) continue;
        try {
          if (state.has(index.name)) await sql.raw(`DROP INDEX CONCURRENTLY ${index.name}`).execute(conn);
          await sql.raw(index.create).execute(conn);
        } catch (err) {
          throw new Error(
            `Index ${index.name} of migration ${index.migration} could not be built: ${err instanceof Error ? err.message : String(err)}`,
            { cause: err },
          );
        }
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(${INDEX_LOCK})`.execute(conn);
    }
  });
}

/** Migrations this code knows that the database has not run (empty when its schema is current). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const done = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !done.has(name));
}
