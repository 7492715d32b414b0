import pg from 'pg';
import { sql, type QueryExecutorProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/helper.ts';
import { openDatabase, type DbHandle } from './database.ts';
import { appliedMigrations, KNOWN_SCHEMA, migrateToLatest, migrations, type MigrationModule } from './migrate.ts';

/**
 * Issue 28: an older version refuses a database a newer one migrated (item 14), and a migration
 * run keeps its locks short and builds declared indexes without stopping readers or writers
 * (item 15). Each test has its own fresh database: PostgreSQL with TEST_DATABASE_URL, else PGlite.
 */
const onServer = !!process.env.TEST_DATABASE_URL;
const opened: { handle: DbHandle; drop(): Promise<void> }[] = [];

async function freshHandle(): Promise<{ handle: DbHandle; url?: string }> {
  const database = await freshDatabase();
  const handle = await openDatabase({ url: database.url, dataDir: 'memory' });
  opened.push({ handle, drop: database.drop });
  return { handle, url: database.url };
}

afterAll(async () => {
  for (const { handle, drop } of opened) {
    await handle.close();
    await drop();
  }
});

const raw = (db: QueryExecutorProvider, statement: string) => sql.raw(statement).execute(db);

describe('a database migrated by a newer version', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    ({ handle } = await freshHandle());
    await migrateToLatest(handle.db);
  });

  it('stops start-up with both schemas named, and runs nothing', async () => {
    expect(KNOWN_SCHEMA).toMatch(/^\d{4}$/);
    expect(KNOWN_SCHEMA).toBe(Object.keys(migrations).at(-1)!.slice(0, 4));
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9031_from_a_newer_version', '2031-01-01T00:00:00Z')`.execute(
      handle.db,
    );
    try {
      await expect(migrateToLatest(handle.db)).rejects.toThrow(
        `This database was migrated by a newer version of DME Office (schema 9031); this version knows schema ${KNOWN_SCHEMA}. ` +
          'Start the newer version, or restore a backup taken before the upgrade.',
      );
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '9031_from_a_newer_version'`.execute(handle.db);
    }
    await migrateToLatest(handle.db);
  });
});

describe('running migrations', () => {
  // Two fresh databases: embedded PGlite opens each slowly on a busy machine.
  it('commits each migration on its own in a database in use; a fresh one takes them all or none', async () => {
    const probe = (statement: string): MigrationModule => ({ up: (db) => raw(db, statement).then(() => undefined) });
    const base = { '9000_base': probe('CREATE TABLE probe_base (id integer)') };
    const pending = {
      '9001_first': probe('CREATE TABLE probe_first (id integer)'),
      '9002_fails': probe('SELECT * FROM probe_missing'),
    };

    const fresh = (await freshHandle()).handle;
    await expect(migrateToLatest(fresh.db, { ...base, ...pending })).rejects.toThrow('Migration 9002_fails failed');
    expect(await appliedMigrations(fresh.db)).toEqual([]);

    const inUse = (await freshHandle()).handle;
    await migrateToLatest(inUse.db, base);
    await expect(migrateToLatest(inUse.db, { ...base, ...pending })).rejects.toThrow('Migration 9002_fails failed');
    expect(await appliedMigrations(inUse.db)).toEqual(['9000_base', '9001_first']);
  }, 120_000);

  describe('an index declared to be built concurrently', () => {
    let handle: DbHandle;
    let url: string | undefined;
    const INDEX = 'probe_rows_code_idx';
    const known: Record<string, MigrationModule> = {
      '9001_probe': {
        up: async (db) => {
          await raw(db, 'CREATE TABLE probe_rows (id serial PRIMARY KEY, code integer NOT NULL)');
          await raw(db, 'INSERT INTO probe_rows (code) SELECT g FROM generate_series(1, 5000) g');
        },
        concurrentIndexes: [`CREATE UNIQUE INDEX CONCURRENTLY ${INDEX} ON probe_rows (code)`],
      },
    };
    const indexState = async () => {
      const { rows } = await sql<{ valid: boolean }>`
        SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ${INDEX}
      `.execute(handle.db);
      return rows.length === 0 ? 'missing' : rows[0].valid ? 'valid' : 'invalid';
    };

    beforeAll(async () => {
      ({ handle, url } = await freshHandle());
    });

    it('is built once the migration commits, and built again at a start that finds it missing or invalid', async () => {
      await migrateToLatest(handle.db, known);
      expect(await indexState()).toBe('valid');

      await raw(handle.db, `DROP INDEX ${INDEX}`);
      await migrateToLatest(handle.db, known);
      expect(await indexState()).toBe('valid');

      // A build that fails (here a unique index over a duplicate) stops start-up with the reason...
      await raw(handle.db, `DROP INDEX ${INDEX}`);
      await raw(handle.db, 'INSERT INTO probe_rows (code) VALUES (7)');
      await expect(migrateToLatest(handle.db, known)).rejects.toThrow(
        `Index ${INDEX} of migration 9001_probe could not be built:`,
      );
      expect(['missing', 'invalid']).toContain(await indexState());
      // ...and the start after the cause is gone drops what it left and builds it whole.
      await raw(handle.db, 'DELETE FROM probe_rows WHERE id = (SELECT max(id) FROM probe_rows)');
      await migrateToLatest(handle.db, known);
      expect(await indexState()).toBe('valid');
    });

    it('must be written as CREATE INDEX CONCURRENTLY, or nothing runs', async () => {
      const before = await appliedMigrations(handle.db);
      const plain: Record<string, MigrationModule> = {
        ...known,
        '9002_plain': {
          up: (db) => raw(db, 'CREATE TABLE probe_plain (id integer)').then(() => undefined),
          concurrentIndexes: ['CREATE INDEX probe_plain_idx ON probe_plain (id)'],
        },
      };
      await expect(migrateToLatest(handle.db, plain)).rejects.toThrow(
        'Migration 9002_plain: concurrentIndexes takes "CREATE [UNIQUE] INDEX CONCURRENTLY name ON ..."',
      );
      expect(await appliedMigrations(handle.db)).toEqual(before);
    });

    it.skipIf(!onServer)('lets readers and writers of the table go on while it is built', async () => {
      await migrateToLatest(handle.db, known);
      await raw(handle.db, `DROP INDEX ${INDEX}`);
      // An older process's write under way when the build begins: the build waits for it to end...
      const older = new pg.Client({ connectionString: url });
      const other = new pg.Client({ connectionString: url });
      await older.connect();
      await other.connect();
      try {
        await older.query('BEGIN');
        await older.query('INSERT INTO probe_rows (code) VALUES (900000)');
        const migrating = migrateToLatest(handle.db, known);
        const deadline = Date.now() + 15_000;
        for (;;) {
          const { rows } = await other.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'CREATE UNIQUE INDEX CONCURRENTLY ${INDEX}%' AND wait_event_type = 'Lock'`,
          );
          if (rows[0].n > 0) break;
          if (Date.now() > deadline) {
            const all = await other.query('SELECT query, state, wait_event_type, wait_event FROM pg_stat_activity');
            throw new Error(`the index build never started ${JSON.stringify(all.rows)}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // ...while everyone else reads and writes the table as usual.
        await other.query("SET lock_timeout = '2s'");
        expect((await other.query<{ n: number }>('SELECT count(*)::int AS n FROM probe_rows')).rows[0].n).toBe(5000);
        expect((await other.query<{ n: number }>('SELECT code FROM probe_rows WHERE id = 1')).rows).toEqual([
          { code: 1 },
        ]);
        await other.query('INSERT INTO probe_rows (code) VALUES (900001)');
        expect(await indexState()).toBe('invalid');
        await older.query('COMMIT');
        await migrating;
        expect(await indexState()).toBe('valid');
      } finally {
        await older.end();
        await other.end();
      }
    });
  });
});

describe('the claims’ payer number', () => {
  it('is there however the database was migrated: 0032 adds it where it is missing, 0035 too', async () => {
    const { handle } = await freshHandle();
    await migrateToLatest(handle.db);
    const hasColumn = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.columns
          WHERE table_name = 'claims' AND column_name = 'payer_claim_number'`.execute(handle.db)
      ).rows[0]!.n;
    expect(await hasColumn()).toBe(1);
    // A database that lacks it with 0035 not yet run (as one migrated by an unlanded draft).
    await raw(handle.db, 'ALTER TABLE claims DROP COLUMN payer_claim_number');
    await raw(handle.db, "DELETE FROM kysely_migration WHERE name = '0035_claim_payer_number'");
    await migrateToLatest(handle.db);
    expect(await hasColumn()).toBe(1);
  });
});
