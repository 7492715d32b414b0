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
}

const n = (v: number) => v.toLocaleString('en-US');
const cell = (v: number | undefined, format: (x: number) => string = String) => (v === undefined ? '' : format(v));

const heapCell = (r: BenchRow) =>
  r.peak_heap_used_mb === undefined ? '' : `${r.peak_heap_used_mb} / ${r.peak_heap_total_mb}`;

/** The generated section of docs/performance.md. */
export function report(rows: BenchRow[], info: RunInfo): string {
  const v = info.volume;
  const lines = [
    `## Benchmark (${info.date})`,
    '',
    `Data: ${n(v.patients)} patients, ${n(v.orders)} orders, ${n(v.services)} services, ${n(v.products)} products. ` +
      `Machine: ${info.cores} × ${info.cpu}, ${info.memoryGb} GB; Node ${info.node}; PostgreSQL ${info.postgres} on the ` +
      `same machine. The server runs as its own process (bench/server.ts: the app as \`npm start\` builds it, ` +
      `${info.serverFlags.length ? `node ${info.serverFlags.join(' ')}, ` : ''}log level ${info.logLevel}, pool of ` +
      `${info.memory.poolMax}); requests send Accept-Encoding: ${info.acceptEncoding}. Load average during ` +
      `the run (other work shares the machine): ${info.loadMin} to ${info.loadMax}; ${info.minutes} minutes.`,
    '',
    `- **p50 / p99**: sequential requests, one at a time on one kept-alive connection (after a warm-up: a second of the same requests, at most 2,000, or five for a request that changes data), ms.`,
    `- **req/s, p50 / p99 @${info.connections}**: ${info.connections} concurrent connections for ${info.seconds} s ` +
      `(autocannon replaying the same requests; a loop of concurrent fetches for scenarios that do not use \`get\`).`,
    `- **db ms**: the database's own time for one such request: planning + execution of each query the request ` +
      `sent (captured by a Kysely log hook, then EXPLAIN (ANALYZE, TIMING OFF), median of 3), summed; median of the ` +
      `first 10 requests, which cover every search term the endpoint cycles through. **API / db** = p50 / db ms.`,
    `- **peak RSS**: the server process's peak resident memory during the concurrent load (kernel VmHWM, reset ` +
      `before each endpoint); **peak heap**: its largest V8 heap in use / allocated then (sampled every 100 ms).`,
    '',
    `| endpoint | p50 ms | p99 ms | req/s @${info.connections} | p50 @${info.connections} ms | p99 @${info.connections} ms ` +
      `| db ms | queries | API / db | peak RSS MB | peak heap MB | note |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.median_ms} | ${cell(r.p99_ms ?? r.p95_ms)} | ${cell(r.rps, n)} | ${cell(r.concurrent_p50_ms)} ` +
        `| ${cell(r.concurrent_p99_ms)} | ${cell(r.db_ms)} | ${cell(r.queries)} | ${cell(r.ratio)} | ${cell(r.peak_rss_mb)} ` +
        `| ${heapCell(r)} | ${r.note ?? ''} |`,
    ),
    '',
    `Server memory: ${info.memory.idleMb} MB RSS idle after start (heap ${info.memory.idleHeapMb} MB); highest peak ` +
      `under load ${info.memory.peakMb} MB; ${info.memory.afterLoadMb} MB after the run, ` +
      `${info.memory.afterGcMb} MB after a forced collection (heap ${info.memory.afterGcHeapMb} MB used of ` +
      `${info.memory.afterGcHeapTotalMb} MB).`,
  ];
  if (info.failures.length) lines.push('', `Scenarios that failed: ${info.failures.join('; ')}.`);
  return `${lines.join('\n')}\n`;
}
