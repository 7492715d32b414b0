import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext } from 'playwright-core';
import { round, type BenchContext, type BenchRow } from './harness.ts';

/**
 * Bytes on the wire for the login page and the patient list, as Chromium loads them from the
 * bench server (the web build it serves: `npm run build` first): a first visit with an empty
 * cache, and a second visit with the cache of the first (hashed assets are cached as
 * immutable, index.html is revalidated). Chromium's own Accept-Encoding is used, and for the
 * login page also the gzip-only one Chromium sends over plain http to another host. Skipped when
 * there is no Chromium (CHROMIUM_PATH, default /usr/bin/chromium) or no web build.
 */
export async function benchWire(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const index = await fetch(`${ctx.baseUrl}/login`);
  const html = (index.headers.get('content-type') ?? '').includes('text/html');
  await index.arrayBuffer();
  if (!html || !fs.existsSync(executablePath) || !ctx.credentials) {
    const why = !html ? 'no web build served (npm run build)' : !ctx.credentials ? 'no credentials' : 'no Chromium';
    return [{ name: 'wire: pages', median_ms: 0, p95_ms: 0, note: `not measured: ${why}` }];
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    // The login page: a first visit with an empty cache, a second one, then signing in as a person does.
    const gzipOnly = await browser.newContext();
    rows.push(row('wire: /login, first visit, gzip only', await visit(gzipOnly, `${ctx.baseUrl}/login`, GZIP_ONLY)));
    await gzipOnly.close();
    const first = await browser.newContext();
    rows.push(row('wire: /login, first visit', await visit(first, `${ctx.baseUrl}/login`)));
    rows.push(row('wire: /login, second visit', await visit(first, `${ctx.baseUrl}/login`)));
    const page = first.pages()[1];
    await page.getByLabel('Username').fill(ctx.credentials.username);
    await page.getByLabel('Password', { exact: true }).fill(ctx.credentials.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/home$/);
    const storage = await first.storageState();
    await first.close();

    // The patient list opened directly by a signed-in user with an empty cache, then again.
    const fresh = await browser.newContext({ storageState: storage });
    rows.push(row('wire: /patients, first visit', await visit(fresh, `${ctx.baseUrl}/patients`)));
    rows.push(row('wire: /patients, second visit', await visit(fresh, `${ctx.baseUrl}/patients`)));
    await fresh.close();
  } finally {
    await closeQuietly(browser);
  }
  return rows;
}

/** What Chromium sends over plain http to a host that is not localhost (no brotli). */
const GZIP_ONLY = 'gzip, deflate';

interface Visit {
  ms: number;
  requests: number;
  bytes: number;
  /** The bodies' size once decoded: what went over the wire when nothing was compressed. */
  decodedBytes: number;
  scriptBytes: number;
  encoding: string;
}

/** Opens the URL in a new page and sums what went over the network until it settles. */
async function visit(context: BrowserContext, url: string, acceptEncoding?: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  const types = new Map<string, string>();
  const decoded = new Map<string, number>();
  let requests = 0;
  let bytes = 0;
  let decodedBytes = 0;
  let scriptBytes = 0;
  let encoding = '';
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const accept = Object.entries(e.headers).find(([k]) => k.toLowerCase() === 'accept-encoding');
    if (accept && !encoding) encoding = String(accept[1]);
  });
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.dataReceived', (e) => decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength));
  cdp.on('Network.loadingFinished', (e) => {
    // Answers from the memory or disk cache arrive with no bytes on the wire.
    if (e.encodedDataLength <= 0) return;
    requests += 1;
    bytes += e.encodedDataLength;
    decodedBytes += decoded.get(e.requestId) ?? 0;
    if (types.get(e.requestId) === 'Script') scriptBytes += e.encodedDataLength;
  });
  const started = performance.now();
  await page.goto(url, { waitUntil: 'networkidle' });
  const ms = performance.now() - started;
  await cdp.detach();
  return { ms, requests, bytes, decodedBytes, scriptBytes, encoding };
}

function row(name: string, v: Visit): BenchRow {
  const kb = (n: number) => `${round(n / 1000)} kB`;
  return {
    name,
    median_ms: round(v.ms),
    p95_ms: round(v.ms),
    note:
      `${kb(v.bytes)} on the wire in ${v.requests} responses (JavaScript ${kb(v.scriptBytes)}; ` +
      `${kb(v.decodedBytes)} of bodies decoded, as sent uncompressed)` +
      (v.encoding ? `; Accept-Encoding: ${v.encoding}` : ''),
  };
}

async function closeQuietly(browser: Browser): Promise<void> {
  try {
    await browser.close();
  } catch {
    // Already gone.
  }
}
