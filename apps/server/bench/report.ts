import type { SchemaSize } from '../src/db/schema-size.ts';
import { budgetOf, missOf } from './budget.ts';
import type { BenchRow } from './harness.ts';

export interface RunInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  postgres: string;
  volume: { patients: number; orders: number; services: number; products: number };
  connections: number;
  seconds: number;
  /** 1-minute load average, lowest and highest seen during the run. */
  loadMin: number;
  loadMax: number;
  minutes: number;
  memory: {
    idleMb: number;
    idleHeapMb: number;
    peakMb: number;
    afterLoadMb: number;
    afterGcMb: number;
    afterGcHeapMb: number;
    afterGcHeapTotalMb: number;
    processPeakMb: number;
    poolMax: number;
  };
  logLevel: string;
  serverFlags: string[];
  acceptEncoding: string;
  failures: string[];
  schema: SchemaSize;
  /** Seconds the seeding of this run took (null: the database was seeded by an earlier run). */
  seedSeconds: number | null;
}

const n = (v: number) => v.toLocaleString('en-US');
const cell = (v: number | undefined, format: (x: number) => string = String) => (v === undefined ? '' : format(v));

/** The generated section of docs/performance.md. */
export function report(rows: BenchRow[], info: RunInfo): string {
  const v = info.volume;
  const c = info.connections;
  const missed = rows.filter((r) => missOf(r) !== '');
  const lines = [
    `## Benchmark (${info.date})`,
    '',
    `Data: ${n(v.patients)} patients, ${n(v.orders)} orders, ${n(v.services)} services, ${n(v.products)} products` +
      (info.seedSeconds === null ? ' (seeded by an earlier run).' : `, seeded in ${n(info.seedSeconds)} s.`) +
      ` Machine: ${info.cores} × ${info.cpu}, ${info.memoryGb} GB; Node ${info.node}; PostgreSQL ${info.postgres} on the ` +
      `same machine. The server runs as its own process (bench/server.ts: the app as \`npm start\` builds it, ` +
      `${info.serverFlags.length ? `node ${info.serverFlags.join(' ')}, ` : ''}log level ${info.logLevel}, pool of ` +
      `${info.memory.poolMax}); requests send Accept-Encoding: ${info.acceptEncoding}. Load average during ` +
      `the run (other work shares the machine): ${info.loadMin} to ${info.loadMax}; ${info.minutes} minutes.`,
    '',
    `Schema: ${info.schema.tables} tables, of which ${info.schema.derivedTables} derived; ${info.schema.triggers} ` +
      `triggers; ${info.schema.functions} functions.`,
    '',
    `- **p50 / p95**: sequential requests, one at a time on one kept-alive connection (after a warm-up), ms.`,
    `- **p95 @${c}**: ${c} concurrent connections for ${info.seconds} s (autocannon replaying the same requests, ` +
      `the 95th percentile of every answer's time; a loop of concurrent fetches for the rest); a request that ` +
      `failed under load is a miss.`,
    `- **db ms**: the database's own time for one such request (EXPLAIN ANALYZE of each query it sent, summed; ` +
      `median of the first 10 requests). **peak RSS**: the server's peak resident memory during the load.`,
    `- **budget**: issue 29's, for the rows it names; **miss** names what the row misses.`,
    '',
    `| endpoint | p50 ms | p95 ms | p95 @${c} ms | req/s @${c} | db ms | peak RSS MB | budget | miss | note |`,
    '|---|---:|---:|---:|---:|---:|---:|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.median_ms} | ${r.p95_ms} | ${cell(r.concurrent_p95_ms)} | ${cell(r.rps, n)} ` +
        `| ${cell(r.db_ms)} | ${cell(r.peak_rss_mb)} | ${budgetOf(r.name)?.text ?? ''} | ${missOf(r) ? `**${missOf(r)}**` : ''} ` +
        `| ${r.note ?? ''} |`,
    ),
    '',
    missed.length === 0
      ? 'Every row the budget names holds it.'
      : `Rows that miss the budget: ${missed.length} of ${rows.filter((r) => budgetOf(r.name)).length}.`,
    '',
    `Server memory: ${info.memory.idleMb} MB RSS idle after start (heap ${info.memory.idleHeapMb} MB); highest peak ` +
      `under load ${info.memory.peakMb} MB; ${info.memory.afterLoadMb} MB after the run, ` +
      `${info.memory.afterGcMb} MB after a forced collection (heap ${info.memory.afterGcHeapMb} MB used of ` +
      `${info.memory.afterGcHeapTotalMb} MB).`,
  ];
  if (info.failures.length) lines.push('', `Scenarios that failed: ${info.failures.join('; ')}.`);
  return `${lines.join('\n')}\n`;
}
