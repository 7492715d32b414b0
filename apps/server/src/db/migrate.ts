import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0002 from './migrations/0002_patients.ts';
import * as m0003 from './migrations/0003_products.ts';
import * as m0004 from './migrations/0004_orders.ts';

/** Every migration, in order. A landed migration is never edited; add a new one instead. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_patients': m0002,
  '0003_products': m0003,
  '0004_orders': m0004,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
