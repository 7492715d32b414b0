import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { get, measure, round, type BenchContext, type BenchRow } from './harness.ts';

/** Terms an office types into the products search: names, brands, HCPCS codes, sizes. */
const SEARCH_TERMS = ['mask', 'A4253', 'briefs', 'wheelchair', 'Ensure', 'filter', 'medium', 'dexcom', 'foam dressing', 'E0601'];
const SEARCH_REQUESTS = 50;
const EXPORT_RUNS = 3;

/**
 * The process listening on the base URL's port, found through /proc (Linux), so the report's
 * memory can be sampled on the server rather than in this client.
 */
function listeningPid(baseUrl: string): number | null {
  const port = Number(new URL(baseUrl).port || 80);
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols[1] local address:port, cols[3] state (0A = LISTEN), cols[9] inode
      if (cols.length > 9 && cols[1].endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  if (inodes.size === 0) return null;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of fs.readdirSync(`/proc/${entry}/fd`)) {
        const target = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
        const match = /^socket:\[(\d+)\]$/.exec(target);
        if (match && inodes.has(match[1])) return Number(entry);
      }
    } catch {
      // Processes of other users, or ones that just ended.
    }
  }
  return null;
}

function rssBytes(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const mb = (bytes: number) => round(bytes / (1024 * 1024));
const kb = (bytes: number) => Math.round(bytes / 1024);

/** Downloads the inventory report while sampling the server's RSS every 5 ms. */
async function exportRun(ctx: BenchContext, path: string, pid: number | null) {
  const baseline = pid ? rssBytes(pid) : null;
  let peak = baseline ?? 0;
  const sampler = pid
    ? setInterval(() => {
        peak = Math.max(peak, rssBytes(pid) ?? 0);
      }, 5)
    : null;
  const started = performance.now();
  const res = await get(ctx, path);
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (sampler) clearInterval(sampler);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  if (body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`${path}: not a PDF`);
  return { ms, bytes: body.length, growth: baseline === null ? null : peak - baseline };
}

async function benchExport(ctx: BenchContext, search: string, pid: number | null): Promise<BenchRow> {
  const path = `/api/export_products/${search ? `?search=${encodeURIComponent(search)}` : ''}`;
  const runs = [];
  for (let i = 0; i < EXPORT_RUNS; i++) runs.push(await exportRun(ctx, path, pid));
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const growth = runs.map((r) => r.growth).filter((g): g is number => g !== null);
  const count = await get(ctx, `/api/products/?page_size=1${search ? `&search=${encodeURIComponent(search)}` : ''}`);
  const { count: products } = (await count.json()) as { count: number };
  return {
    name: `GET ${path}`,
    median_ms: round(times[Math.floor(times.length / 2)]),
    p95_ms: round(times[times.length - 1]),
    note:
      `${products} products, ${kb(runs[0].bytes)} KB PDF, ` +
      (growth.length ? `server peak RSS growth ${mb(Math.max(...growth))} MB` : 'server RSS not sampled (pid not found)'),
  };
}

/**
 * Products search latency (50 searches over realistic terms) and the inventory report: time
 * and the server's peak memory growth, for all products and for a filtered subset (growth
 * that does not follow the product count shows the report streams).
 */
export async function benchProducts(ctx: BenchContext & { serverPid?: number }): Promise<BenchRow[]> {
  const pid = ctx.serverPid ?? listeningPid(ctx.baseUrl);
  const rows: BenchRow[] = [];
  rows.push(
    await measure('GET /api/products/?search=<term>', SEARCH_REQUESTS, (i) =>
      get(ctx, `/api/products/?search=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length])}`),
    ),
  );
  rows.push(await measure('GET /api/products/ (page 1, by name)', 20, () => get(ctx, '/api/products/?ordering=name')));
  rows.push(await benchExport(ctx, 'mask', pid));
  rows.push(await benchExport(ctx, '', pid));
  return rows;
}
