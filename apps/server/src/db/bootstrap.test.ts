import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from './database.ts';
import { bootstrap, isEmptyOffice } from './bootstrap.ts';
import { migrateToLatest } from './migrate.ts';
import { batchesOf, MAX_PARAMETERS } from './seed/batch.ts';
import { seedManyPatients } from './seed/patient-bulk.ts';

/**
 * `npm run seed -- --patients N` and then `npm start` (issue 9, item 15): the first start adds
 * the administrator but no demo office to a database that already has data, and every seeder
 * inserts in batches under PostgreSQL's 65,535 bind parameters.
 */
let handle: DbHandle;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  if (base) {
    const name = `dme_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  handle = await openDatabase({ url, dataDir: 'memory' });
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle?.close();
  await drop();
});

function recordingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const write = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  const log = {
    info: write,
    warn: write,
    error: write,
    debug: write,
    trace: write,
    fatal: write,
    silent: write,
    level: 'info',
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const count = async (table: 'patients' | 'products' | 'orders' | 'users') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('first start after a bulk seed', () => {
  it('creates the administrator, leaves the demo office out and says so', async () => {
    expect(await isEmptyOffice(handle.db)).toBe(true);
    await seedManyPatients(handle.db, 300);
    expect(await isEmptyOffice(handle.db)).toBe(false);
    const { log, lines } = recordingLog();
    await bootstrap(handle.db, { adminPassword: 'Admin-Pass-2026', seedDemo: true, log });
    expect(await count('users')).toBe(1);
    expect(await count('products')).toBe(0);
    expect(await count('orders')).toBe(0);
    expect(lines.join('\n')).toContain('demo office not seeded: the database already holds patients');
  });
});

describe('batchesOf', () => {
  it('keeps rows times columns under the limit (the demo orders once bound 42,248 in one INSERT)', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ a: i, b: i, c: i, d: i, e: i, f: i, g: i }));
    const batches = batchesOf(rows);
    expect(batches.flat()).toHaveLength(10_000);
    for (const batch of batches) expect(batch.length * 7).toBeLessThanOrEqual(MAX_PARAMETERS);
    expect(batchesOf([])).toEqual([]);
  });
});
