/**
 * `npm run bench [-- --patients 100000 --products 10000 --fresh --seconds 3 --connections 10
 * --only orders --no-write --web-dist <dir> --encoding identity]`: seeds a PostgreSQL benchmark database (once; re-used while it
 * holds enough rows; the seeding's time is reported), starts the real server as a child process
 * (bench/server.ts) on a free loopback port, and measures every scenario's endpoints against
 * issue 29's budget (bench/budget.ts): sequential p50/p95, p95 and errors at 10 concurrent
 * connections, the database's own time for the same request, and the server's peak memory. Prints
 * a Markdown table with the schema's size and writes it to docs/performance.md between the bench
 * markers. BENCH_DATABASE_URL picks the database (default: dme_bench on the local server). Not
 * part of `npm test`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { analyzeAfterSeeding, seeders } from '../src/db/seed-cli.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { acceptEncoding, peakRss, round, rss, setRuntime, type BenchContext, type BenchRow } from './harness.ts';
import type { CapturedQuery, ParentMessage, ServerMessage } from './protocol.ts';
import { report, type RunInfo } from './report.ts';
import { benchUsers } from './users.ts';
import { benchPatients } from './patients.ts';
import { benchProducts } from './products.ts';
import { benchOrders } from './orders.ts';
import { benchOperations } from './operations.ts';
import { benchRemittance } from './remittance.ts';
import { benchBilling } from './billing.ts';
import { benchShipping } from './shipping.ts';
import { benchWire } from './wire.ts';
import { benchWrites } from './writes.ts';
import { benchClaims } from './claims.ts';
import { benchDocuments } from './documents.ts';
import { benchEras } from './eras.ts';
import { schemaSize } from '../src/db/schema-size.ts';

/** Each scenario, by name (`--only <name>` runs the ones whose name contains it). */
const BENCHES: [string, (ctx: BenchContext) => Promise<BenchRow[]>][] = [
  ['users', benchUsers],
  ['patients', benchPatients],
  ['products', benchProducts],
  ['orders', benchOrders],
  ['operations', benchOperations],
  ['remittance', benchRemittance],
  ['billing', benchBilling],
  ['shipping', benchShipping],
  ['writes', benchWrites],
  ['claims', benchClaims],
  ['documents', benchDocuments],
  ['eras', benchEras],
  ['wire', benchWire],
];

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
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

/** The bench user, with a fresh random password each run. */
async function benchUser(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<string> {
  const password = crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const existing = await db.selectFrom('users').select('id').where('username', '=', 'bench').executeTakeFirst();
  if (existing)
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash, is_active: true })
      .where('id', '=', existing.id)
      .execute();
  else
    await db
      .insertInto('users')
      .values({
        username: 'bench',
        email: 'bench@dme-office.local',
        password_hash: passwordHash,
        role_id: 1,
        first_name: 'Bench',
        last_name: 'Runner',
      })
      .execute();
  await db.deleteFrom('auth_attempts').execute();
  return password;
}

/**
 * The Node flags `npm start` gives the server (apps/server/package.json), so the bench runs it
 * with the same heap settings.
 */
function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts.start
    .split(/\s+/)
    .filter((token, i, all) => token.startsWith('--') && token !== '--import' && all[i - 1] !== '--import');
}

/** The server process and a request/answer channel to it. */
class ServerProcess {
  private waiting: ((m: ServerMessage) => void)[] = [];
  private constructor(readonly child: ChildProcess) {
    child.on('message', (m: ServerMessage) => this.waiting.shift()?.(m));
  }

  static async start(env: NodeJS.ProcessEnv): Promise<{ server: ServerProcess; port: number }> {
    const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
      // BENCH_SERVER_ARGS replaces the start script's flags (e.g. to compare heap settings).
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? startFlags()),
      ],
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const server = new ServerProcess(child);
    const first = await new Promise<ServerMessage>((resolve, reject) => {
      server.waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    if (first.type !== 'listening') throw new Error(`bench server: unexpected ${first.type}`);
    return { server, port: first.port };
  }

  ask(message: ParentMessage): Promise<ServerMessage> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.send(message);
    });
  }

  async memory(gc: boolean): Promise<Extract<ServerMessage, { type: 'memory' }>> {
    const m = await this.ask({ type: 'memory', gc });
    if (m.type !== 'memory') throw new Error(`bench server: unexpected ${m.type}`);
    return m;
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' } satisfies ParentMessage);
    await exited;
  }
}

const WRITES = /^\s*(insert|update|delete)\b/i;
const EXPLAINABLE = /^\s*(select|with|insert|update|delete)\b/i;
const EXPLAIN_RUNS = 3;

/**
 * Planning + execution time of each query, as PostgreSQL reports it (EXPLAIN ANALYZE, timing
 * of plan nodes off so the instrumentation costs little), median of three runs, summed. Writes
 * are explained inside a transaction that is rolled back.
 */
async function databaseTime(client: pg.Client, queries: CapturedQuery[]): Promise<number | null> {
  let total = 0;
  for (const q of queries) {
    if (!EXPLAINABLE.test(q.sql)) continue;
    const params = q.parameters.map((p) => (p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p) : p));
    const runs: number[] = [];
    for (let r = 0; r < EXPLAIN_RUNS; r++) {
      const write = WRITES.test(q.sql) || /\bfor update\b/i.test(q.sql);
      if (write) await client.query('BEGIN');
      try {
        const res = await client.query<{ 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] }>(
          `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON, FORMAT JSON) ${q.sql}`,
          params,
        );
        const plan = res.rows[0]['QUERY PLAN'][0];
        runs.push(plan['Planning Time'] + plan['Execution Time']);
      } catch {
        return null;
      } finally {
        if (write) await client.query('ROLLBACK');
      }
    }
    runs.sort((a, b) => a - b);
    total += runs[Math.floor(runs.length / 2)];
  }
  return total;
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dme_bench';
  const wanted: Record<string, number> = { patients: arg('patients', 100_000), products: arg('products', 10_000) };
  // Orders: monthly lines over 12 months for every other patient (seeded once, when there are none).
  const ordersMonths = arg('order-months', 12);
  const connections = arg('connections', 10);
  const seconds = arg('seconds', 3);
  const only = textArg('only');
  const encoding = textArg('encoding');
  if (encoding) process.env.BENCH_ACCEPT_ENCODING = encoding;
  const write = !process.argv.includes('--no-write') && !only;

  await ensureDatabase(url, process.argv.includes('--fresh'));
  const handle = await openDatabase({ url });
  await migrateToLatest(handle.db);
  const counts: Record<string, number> = {};
  for (const table of Object.keys(wanted)) {
    const row = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(handle.db);
    counts[table] = row.rows[0].n;
  }
  let seeded = false;
  const seedStarted = Date.now();
  for (const seeder of seeders) {
    const want = wanted[seeder.flag];
    if (want === undefined) continue;
    const missing = want - (counts[seeder.flag] ?? 0);
    if (missing > 0) {
      console.log(await seeder.run(handle.db, missing, (line) => console.log(line)));
      seeded = true;
    }
  }
  const orders = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`.execute(handle.db);
  const orderSeeder = seeders.find((s) => s.flag === 'orders');
  if (orders.rows[0].n === 0 && orderSeeder) {
    console.log(await orderSeeder.run(handle.db, ordersMonths, (line) => console.log(line)));
    seeded = true;
  }
  const seedSeconds = seeded ? round((Date.now() - seedStarted) / 1000) : null;
  if (seedSeconds !== null) console.log(`seeded in ${seedSeconds} s`);
  // Every run starts from a vacuumed, analyzed database, as autovacuum leaves it after a burst of
  // writes (migration 0037): a run measures the lists, not the writes of the run before it.
  const vacuumStarted = Date.now();
  await analyzeAfterSeeding(handle.db);
  console.log(`vacuumed and analyzed in ${round((Date.now() - vacuumStarted) / 1000)} s`);
  const schema = await schemaSize(handle.db);
  console.log(
    `schema: ${schema.tables} tables (${schema.derivedTables} derived), ${schema.triggers} triggers, ${schema.functions} functions`,
  );
  const password = await benchUser(handle.db);
  const volume = await sql<{ patients: number; orders: number; services: number; products: number }>`
    SELECT (SELECT count(*)::int FROM patients) AS patients, (SELECT count(*)::int FROM orders) AS orders,
           (SELECT count(*)::int FROM services) AS services, (SELECT count(*)::int FROM products) AS products
  `.execute(handle.db);
  await handle.close();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-bench-'));
  const { server, port } = await ServerProcess.start({
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ...(textArg('web-dist') ? { WEB_DIST: path.resolve(textArg('web-dist')!) } : {}),
  });
  const serverPid = server.child.pid!;
  const explainClient = new pg.Client({ connectionString: url });
  await explainClient.connect();
  const pgVersion = (await explainClient.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
    .v;

  const baseUrl = `http://127.0.0.1:${port}`;
  const login = await fetch(`${baseUrl}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password }),
  });
  if (!login.ok) throw new Error(`bench login: HTTP ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const idle = await server.memory(true);

  setRuntime({
    connections,
    seconds,
    serverPid,
    captureStart: async () => void (await server.ask({ type: 'capture-start' })),
    captureStop: async () => {
      const m = await server.ask({ type: 'capture-stop' });
      return m.type === 'captured' ? m.queries : [];
    },
    databaseTime: (queries) => databaseTime(explainClient, queries),
    heap: () => server.memory(false),
  });

  const loads: number[] = [os.loadavg()[0]];
  const loadTimer = setInterval(() => loads.push(os.loadavg()[0]), 5000);
  const started = Date.now();
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  try {
    for (const [name, bench] of BENCHES) {
      if (only && !name.includes(only)) continue;
      try {
        const got = await bench({
          baseUrl,
          token,
          serverPid,
          credentials: { username: 'bench', password },
          query: async <T extends object>(text: string, params?: unknown[]) =>
            (await explainClient.query<T>(text, params)).rows,
        });
        for (const r of got) console.log(JSON.stringify(r));
        rows.push(...got);
      } catch (err) {
        failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
        console.error(`${name} failed:`, err);
      }
    }
  } finally {
    clearInterval(loadTimer);
    setRuntime(null);
  }
  const afterLoad = await server.memory(false);
  const afterGc = await server.memory(true);
  const info: RunInfo = {
    date: new Date().toISOString().slice(0, 10),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.cpus().length,
    memoryGb: round(os.totalmem() / 1024 ** 3),
    node: process.version,
    postgres: pgVersion,
    volume: volume.rows[0],
    connections,
    seconds,
    loadMin: round(Math.min(...loads), 2),
    loadMax: round(Math.max(...loads), 2),
    minutes: round((Date.now() - started) / 60000),
    memory: {
      idleMb: round(idle.rss / 1024 ** 2),
      idleHeapMb: round(idle.heapUsed / 1024 ** 2),
      peakMb: Math.max(0, ...rows.map((r) => r.peak_rss_mb ?? 0)),
      afterLoadMb: round(afterLoad.rss / 1024 ** 2),
      afterGcMb: round(afterGc.rss / 1024 ** 2),
      afterGcHeapMb: round(afterGc.heapUsed / 1024 ** 2),
      afterGcHeapTotalMb: round(afterGc.heapTotal / 1024 ** 2),
      processPeakMb: round((peakRss(serverPid) ?? rss(serverPid) ?? 0) / 1024 ** 2),
      poolMax: loadConfig({ ...process.env, DATA_DIR: dataDir }).pgPoolMax,
    },
    logLevel: process.env.LOG_LEVEL ?? 'info',
    serverFlags: process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? startFlags(),
    acceptEncoding: acceptEncoding(),
    failures,
    schema,
    seedSeconds,
  };
  await explainClient.end();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const markdown = report(rows, info);
  console.log(`\n${markdown}`);
  if (write) {
    const file = path.resolve(import.meta.dirname, '../../../docs/performance.md');
    await writeSection(file, markdown);
    console.log(`written to ${path.relative(process.cwd(), file)}`);
  }
  if (failures.length) process.exitCode = 1;
}

const BEGIN = '<!-- bench:begin (written by `npm run bench`; do not edit by hand) -->';
const END = '<!-- bench:end -->';

/** Replaces the generated section of the file (appended the first time), formatted by the repository Prettier. */
async function writeSection(file: string, markdown: string): Promise<void> {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const section = `${BEGIN}\n\n${markdown}\n${END}`;
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + END.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
