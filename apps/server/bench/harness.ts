import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { CapturedQuery } from './protocol.ts';

export interface BenchContext {
  baseUrl: string;
  token: string;
  /** The server process (bench/server.ts), for memory figures. */
  serverPid?: number;
  /** The bench user's sign-in, for scenarios that sign in through the web app. */
  credentials?: { username: string; password: string };
  /** A direct database connection, for scenarios that prepare records the API cannot make in bulk. */
  query?: <T extends object>(text: string, params?: unknown[]) => Promise<T[]>;
}

/**
 * One endpoint's figures. `measure` fills them all; a scenario may build a row of its own with
 * the first three (the table leaves the others blank).
 */
export interface BenchRow {
  name: string;
  /** Sequential requests, one at a time: median and 95th percentile, ms. */
  median_ms: number;
  p95_ms: number;
  /** Sequential 99th percentile, ms. */
  p99_ms?: number;
  /** Requests per second with `connections` requests in flight. */
  rps?: number;
  /** Latency at that concurrency: median, 95th and 99th percentile of every answered request, ms. */
  concurrent_p50_ms?: number;
  concurrent_p95_ms?: number;
  concurrent_p99_ms?: number;
  /** The database's own time for one such request: planning + execution of its queries, ms. */
  db_ms?: number;
  /** Queries one request sends. */
  queries?: number;
  /** median_ms / db_ms. */
  ratio?: number;
  /** The server's peak resident memory while it served the concurrent load, MB. */
  peak_rss_mb?: number;
  /** The server's largest V8 heap (allocated, used) seen during that load, MB (sampled every 100 ms). */
  peak_heap_total_mb?: number;
  peak_heap_used_mb?: number;
  note?: string;
}

/** What run.ts plugs in: the server to probe and how hard to load it. */
export interface HarnessRuntime {
  /** Concurrent connections for the throughput figures (10). */
  connections: number;
  /** Seconds of concurrent load per endpoint. */
  seconds: number;
  /** Records the server's queries between start and stop. */
  captureStart(): Promise<void>;
  captureStop(): Promise<CapturedQuery[]>;
  /** The database's own time for the queries of one request, ms (null: could not be measured). */
  databaseTime(queries: CapturedQuery[]): Promise<number | null>;
  /** The server's V8 heap now, bytes. */
  heap(): Promise<{ heapTotal: number; heapUsed: number }>;
  serverPid: number;
}

let runtime: HarnessRuntime | null = null;

export function setRuntime(value: HarnessRuntime | null): void {
  runtime = value;
}

/** Requests sent through `get` while a measurement records them (for the concurrent phase). */
let recording: { path: string; headers: Record<string, string> }[] | null = null;

/**
 * Requests of one measurement whose database time is sampled (each one's queries are explained):
 * the first ten, which cover every search term a scenario cycles through (up to ten), so the
 * database's median is taken over the same mix of requests as the API's.
 */
const DB_SAMPLES = 10;

/**
 * How long each endpoint is sent requests, one at a time, before its sequential figures are taken
 * (at most WARMUP_MAX requests, at least five): V8 optimizes a route's own code over its first
 * hundreds of requests, as an office's server has long done. On one server, GET /api/patients/
 * measured 3.7 ms p50 after 5 requests, 2.6 after 255 and 1.9 after 2,000.
 */
const WARMUP_MS = 1000;
const WARMUP_MAX = 2000;

/**
 * Measures one endpoint: `count` sequential requests (after a warm-up, WARMUP_MS) for the median
 * and tail; then, when run.ts set a runtime, the database's own time for the same requests
 * and the throughput, tail latency and server memory at `connections` concurrent requests.
 * Requests sent with `get` are replayed by autocannon; others by a loop of concurrent `send`s.
 */
export interface MeasureOptions {
  /**
   * How the concurrent phase sends: 'auto' (autocannon when every request went through `get`,
   * else a loop of concurrent `send`s), 'loop' (always the loop: it waits for every answer, right
   * for long downloads such as PDFs) or 'none'.
   */
  concurrent?: 'auto' | 'loop' | 'none';
}

export async function measure(
  name: string,
  count: number,
  send: (i: number) => Promise<Response>,
  options: MeasureOptions = {},
): Promise<BenchRow> {
  // A request that changes data (no concurrent phase) is sent only as often as its row needs.
  const warmUntil = performance.now() + ((options.concurrent ?? 'auto') === 'none' ? 0 : WARMUP_MS);
  for (let i = 0; i < Math.min(5, count) || (performance.now() < warmUntil && i < WARMUP_MAX); i++)
    await consume(name, await send(i));

  recording = [];
  const times: number[] = [];
  let recorded: { path: string; headers: Record<string, string> }[];
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      await consume(name, await send(i));
      times.push(performance.now() - started);
    }
  } finally {
    recorded = recording;
    recording = null;
  }
  const row: BenchRow = {
    name,
    median_ms: round(percentile(times, 0.5)),
    p95_ms: round(percentile(times, 0.95)),
    p99_ms: round(percentile(times, 0.99)),
  };
  if (!runtime) return row;
  const rt = runtime;

  // The database's own time for the same requests: each one's queries, explained.
  const dbTimes: number[] = [];
  const queryCounts: number[] = [];
  for (let i = 0; i < Math.min(DB_SAMPLES, count); i++) {
    await rt.captureStart();
    let queries: CapturedQuery[];
    try {
      await consume(name, await send(i));
    } finally {
      queries = await rt.captureStop();
    }
    const ms = await rt.databaseTime(queries).catch(() => null);
    if (ms !== null) dbTimes.push(ms);
    queryCounts.push(queries.length);
  }
  if (dbTimes.length) {
    row.db_ms = round(percentile(dbTimes, 0.5), 2);
    row.queries = Math.round(percentile(queryCounts, 0.5));
    if (row.db_ms > 0) row.ratio = round(row.median_ms / row.db_ms, 2);
  }

  // Throughput and tail latency under concurrent load, with the server's peak memory.
  const mode = options.concurrent ?? 'auto';
  if (mode === 'none') return row;
  const sameRequests = mode === 'auto' && recorded.length === count && recorded.length > 0;
  resetPeakRss(rt.serverPid);
  const sampler = startRssSampler(rt.serverPid);
  const heap = startHeapSampler(rt);
  let load: { rps: number; p50: number; p95: number; p99: number };
  try {
    load = sameRequests
      ? await cannon(rt.connections, rt.seconds, recorded)
      : await concurrentLoop(name, rt.connections, rt.seconds, (i) => send(i % count));
  } catch (err) {
    sampler.stop();
    await heap.stop();
    return { ...row, note: `not measured under load: ${err instanceof Error ? err.message : String(err)}` };
  }
  const peak = Math.max(sampler.stop(), peakRss(rt.serverPid) ?? 0);
  const heapPeak = await heap.stop();
  row.peak_heap_total_mb = round(heapPeak.heapTotal / (1024 * 1024));
  row.peak_heap_used_mb = round(heapPeak.heapUsed / (1024 * 1024));
  row.rps = Math.round(load.rps);
  row.concurrent_p50_ms = round(load.p50);
  row.concurrent_p95_ms = round(load.p95);
  row.concurrent_p99_ms = round(load.p99);
  if (peak > 0) row.peak_rss_mb = round(peak / (1024 * 1024));
  return row;
}

async function consume(name: string, res: Response): Promise<void> {
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
}

/**
 * autocannon replays the recorded GETs round-robin on every connection. Its summary has no 95th
 * percentile, so each answer's time is kept and the percentiles taken from all of them.
 */
async function cannon(
  connections: number,
  seconds: number,
  requests: { path: string; headers: Record<string, string> }[],
): Promise<{ rps: number; p50: number; p95: number; p99: number }> {
  const first = new URL(requests[0].path);
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: first.origin,
        connections,
        duration: seconds,
        headers: requests[0].headers,
        requests: requests.map((r) => {
          const u = new URL(r.path);
          return { method: 'GET' as const, path: `${u.pathname}${u.search}` };
        }),
      },
      (err, done) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${first.pathname}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts under load`,
    );
  }
  return {
    rps: result.requests.total / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
  };
}

/** `connections` loops, each sending its next request when the last one is answered. */
async function concurrentLoop(
  name: string,
  connections: number,
  seconds: number,
  send: (i: number) => Promise<Response>,
): Promise<{ rps: number; p50: number; p95: number; p99: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await consume(name, await send(next++));
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    rps: times.length / elapsed,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
  };
}

// ---------------------------------------------------------------- server memory (Linux /proc)

function statusField(pid: number, field: string): number | null {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The process's resident memory now, bytes. */
export function rss(pid: number): number | null {
  return statusField(pid, 'VmRSS');
}

/** The process's peak resident memory since start or the last reset, bytes. */
export function peakRss(pid: number): number | null {
  return statusField(pid, 'VmHWM');
}

/** Resets the kernel's peak-RSS mark (VmHWM) of the process, where the kernel allows it. */
export function resetPeakRss(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the sampler below still sees the peak, at its resolution.
  }
}

/** Samples RSS every 10 ms (a fallback for kernels that do not reset VmHWM). */
function startRssSampler(pid: number): { stop(): number } {
  let peak = rss(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss(pid) ?? 0);
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rss(pid) ?? 0);
    },
  };
}

/** Asks the server for its heap every 100 ms and keeps the largest figures. */
function startHeapSampler(rt: HarnessRuntime): { stop(): Promise<{ heapTotal: number; heapUsed: number }> } {
  const peak = { heapTotal: 0, heapUsed: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const h = await rt.heap();
      peak.heapTotal = Math.max(peak.heapTotal, h.heapTotal);
      peak.heapUsed = Math.max(peak.heapUsed, h.heapUsed);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

// ---------------------------------------------------------------- helpers for scenarios

export function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/**
 * What a browser sends (JSON answers over the server's threshold come back compressed); run.ts
 * `--encoding identity` sets BENCH_ACCEPT_ENCODING to measure without compression.
 */
export function acceptEncoding(): string {
  return process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
}

/**
 * One kept-alive connection for the sequential GETs, as a browser keeps one. Node's fetch costs
 * the client about 0.4 ms a request (measured against this on the same server), which is not the
 * API's time.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The body as the browser would read it: decompressed per Content-Encoding. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

/** A signed-in GET of the API (recorded for the concurrent phase of `measure`). */
export function get(ctx: BenchContext, path: string): Promise<Response> {
  const url = `${ctx.baseUrl}${path}`;
  const headers = { authorization: `JWT ${ctx.token}`, 'accept-encoding': acceptEncoding() };
  recording?.push({ path: url, headers });
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const body = decoded(Buffer.concat(chunks), res.headers['content-encoding']);
          const type = res.headers['content-type'];
          resolve(
            new Response(new Uint8Array(body), {
              status: res.statusCode ?? 0,
              headers: type ? { 'content-type': type } : {},
            }),
          );
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    });
    request.on('error', reject);
  });
}

/** Single letters, held by most of the rows (the first key of a search, before the typing pauses). */
export const LETTERS = ['a', 'e', 'o', 'n', 'r'];

/** One or two letters, as typed before a third: no trigram index can serve these. */
export const SHORT_TERMS = ['ma', 'so', 'an', 'le', 'ri'];

/**
 * Whole last names, as staff type them: each held by about 700 of the 100,000 seeded patients and
 * 370 orders, all in one stretch of a list ordered by name.
 */
export const SURNAMES = ['johnson', 'garcia', 'williams', 'brown', 'martinez'];

/** The i-th of `terms`, cycling. */
export function nth(terms: readonly string[], i: number): string {
  return terms[i % terms.length]!;
}
