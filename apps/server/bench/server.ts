/**
 * The benchmark's server process: the real app as `npm start` builds it (config from the
 * environment, bootstrap, job worker, logger at the configured level), started by bench/run.ts with fork()
 * so its latency, throughput and memory are its own and not the load generator's. The one
 * addition is a Kysely log hook that, between a "capture-start" and a "capture-stop" message,
 * records every query with its parameters, so the bench can ask PostgreSQL what those
 * queries cost (EXPLAIN ANALYZE).
 */
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bootstrap } from '../src/db/bootstrap.ts';
// database.ts sets the pg type parsers (dates and numerics as strings) at import.
import '../src/db/database.ts';
import type { Db } from '../src/db/database.ts';
import type { Database } from '../src/db/types.ts';
import type { CapturedQuery, ServerMessage, ParentMessage } from './protocol.ts';

let capturing = false;
let captured: CapturedQuery[] = [];

function onLog(event: LogEvent): void {
  if (!capturing) return;
  captured.push({
    sql: event.query.sql,
    parameters: [...event.query.parameters],
    ms: event.queryDurationMillis,
    error: event.level === 'error',
  });
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('bench/server.ts needs DATABASE_URL');
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.pgPoolMax });
  pool.on('error', () => undefined);
  const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: onLog });
  const app = await buildApp({ config, db, dbKind: 'postgres' });
  await bootstrap(db, { adminPassword: config.adminPassword, seedDemo: false, log: app.log });
  await app.ctx.jobs.start({ worker: true });
  await app.listen({ port: 0, host: '127.0.0.1' });

  // The bench ended (or died): no orphan server is left behind.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (raw: ParentMessage) => {
    if (raw.type === 'capture-start') {
      captured = [];
      capturing = true;
      send({ type: 'capture-started' });
    } else if (raw.type === 'capture-stop') {
      capturing = false;
      send({ type: 'captured', queries: captured });
      captured = [];
    } else if (raw.type === 'memory') {
      if (raw.gc && typeof globalThis.gc === 'function') globalThis.gc();
      const m = process.memoryUsage();
      send({ type: 'memory', rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external });
    } else if (raw.type === 'stop') {
      void app
        .close()
        .then(() => db.destroy())
        .finally(() => process.exit(0));
    }
  });
  send({ type: 'listening', port: (app.server.address() as AddressInfo).port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
