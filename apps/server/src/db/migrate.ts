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
import * as m0028 from './migrations/0028_money_capacity.ts';

/**
 * A migration, and the statements it needs once committed, outside any transaction (all pending
 * migrations run in one): a VACUUM FULL after it rewrote every row of a table.
 */
type MigrationModule = Migration & { afterCommit?: readonly string[] };

/** Every migration, in order. A landed migration is never edited; add a new one instead. */
const migrations: Record<string, MigrationModule> = {
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
  '0025_order_occurrence_days': m0025,
  '0026_occurrence_patient_date': m0026,
  '0027_patient_name_walk': m0027,
  '0028_money_capacity': m0028,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(db: Db): Promise<void> {
  // Areas add their migrations side by side; a database that ran a later-numbered one first
  // still takes an earlier-numbered newcomer.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  for (const result of (results ?? []).filter((r) => r.status === 'Success')) {
    for (const statement of migrations[result.migrationName]?.afterCommit ?? []) await sql.raw(statement).execute(db);
  }
}
