/**
 * `npm run bench [-- --patients 100000 --products 10000 --fresh]`: seeds a PostgreSQL benchmark
 * database (once; re-used while it holds enough rows), starts the real app in this process on a
 * free loopback port, and measures each area's endpoints. Prints a Markdown table for
 * docs/performance.md. BENCH_DATABASE_URL picks the database (default: dme_bench on the local
 * server).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seeders } from '../src/db/seed-cli.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import type { BenchContext, BenchRow } from './harness.ts';
import { benchUsers } from './users.ts';
import { benchPatients } from './patients.ts';
import { benchProducts } from './products.ts';
import { benchOrders } from './orders.ts';

const BENCHES: ((ctx: BenchContext & { serverPid?: number }) => Promise<BenchRow[]>)[] = [benchUsers, benchPatients, benchProducts, benchOrders];

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function ensureDatabase(url: string, fresh: boolean): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const c = new pg.Client({ connectionString: adminUrl.toString() });
  await c.connect();
  if (fresh) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await c.query(`CREATE DATABASE ${name}`);
  await c.end();
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dme_bench';
  const wanted: Record<string, number> = { patients: arg('patients', 100_000), products: arg('products', 10_000) };
  // Orders: monthly lines over 12 months for every other patient (seeded once, when there are none).
  const ordersMonths = arg('order-months', 12);
  await ensureDatabase(url, process.argv.includes('--fresh'));
  const handle = await openDatabase({ url });
  await migrateToLatest(handle.db);

  const counts: Record<string, number> = {};
  for (const table of Object.keys(wanted)) {
    const row = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(handle.db);
    counts[table] = row.rows[0].n;
  }
  for (const seeder of seeders) {
    const want = wanted[seeder.flag];
    if (want === undefined) continue;
    const missing = want - (counts[seeder.flag] ?? 0);
    if (missing > 0) console.log(await seeder.run(handle.db, missing, (line) => console.log(line)));
  }
  const orders = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`.execute(handle.db);
  const orderSeeder = seeders.find((s) => s.flag === 'orders');
  if (orders.rows[0].n === 0 && orderSeeder) console.log(await orderSeeder.run(handle.db, ordersMonths, (line) => console.log(line)));
  await sql`ANALYZE`.execute(handle.db);

  const password = crypto.randomBytes(12).toString('base64url');
  const existing = await handle.db.selectFrom('users').select('id').where('username', '=', 'bench').executeTakeFirst();
  const passwordHash = await hashPassword(password);
  if (existing) await handle.db.updateTable('users').set({ password_hash: passwordHash, is_active: true }).where('id', '=', existing.id).execute();
  else await handle.db.insertInto('users').values({ username: 'bench', email: 'bench@dme-office.local', password_hash: passwordHash, role_id: 1, first_name: 'Bench', last_name: 'Runner' }).execute();
  await handle.db.deleteFrom('auth_attempts').execute();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url, JWT_SECRET: crypto.randomBytes(32).toString('hex') });
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${baseUrl}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench', password }) });
  const { token } = (await login.json()) as { token: string };

  const rows: BenchRow[] = [];
  try {
    for (const bench of BENCHES) rows.push(...(await bench({ baseUrl, token, serverPid: process.pid })));
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const sizes = Object.entries(wanted).map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`).join(', ');
  console.log(`\nData: ${sizes}; Node ${process.version}; ${os.cpus().length} cores; PostgreSQL at ${new URL(url).host}\n`);
  console.log('| measurement | median ms | p95 ms | note |\n|---|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.median_ms} | ${r.p95_ms} | ${r.note ?? ''} |`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
