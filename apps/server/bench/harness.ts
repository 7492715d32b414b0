import { performance } from 'node:perf_hooks';

export interface BenchContext {
  baseUrl: string;
  token: string;
}

export interface BenchRow {
  name: string;
  median_ms: number;
  p95_ms: number;
  note?: string;
}

/** Sends `count` sequential requests and returns median and p95 latency in milliseconds. */
export async function measure(name: string, count: number, send: (i: number) => Promise<Response>): Promise<BenchRow> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await send(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { name, median_ms: round(at(0.5)), p95_ms: round(at(0.95)) };
}

export function round(n: number): number {
  return Math.round(n * 10) / 10;
}

export function get(ctx: BenchContext, path: string): Promise<Response> {
  return fetch(`${ctx.baseUrl}${path}`, { headers: { authorization: `JWT ${ctx.token}` } });
}
