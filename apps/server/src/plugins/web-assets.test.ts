import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { IMMUTABLE } from './web-assets.ts';

/** A web build as vite.config.ts writes it: each text file with its .br and .gz next to it. */
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<!-- padding -->'.repeat(80)}<div id="root"></div></body></html>`;
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;

function writeWithVariants(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

let t: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-web-assets-'));
  writeWithVariants(path.join(webDist, 'index.html'), INDEX);
  writeWithVariants(path.join(webDist, 'assets', 'index-AbC123.js'), SCRIPT);
  // Files with no compressed variants: an image, and a text file at the root.
  fs.writeFileSync(path.join(webDist, 'assets', 'logo-Xy9.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
  t = await setupTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('built assets', () => {
  it('sends the brotli file to a browser that accepts it, else gzip, else the file itself', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const preferGzip = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(preferGzip.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year as immutable, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/index-AbC123.js', { 'accept-encoding': encoding });
      expect(res.headers['cache-control'], encoding).toBe(IMMUTABLE);
    }
    const image = await get('/assets/logo-Xy9.png', { 'accept-encoding': 'gzip, br' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe(IMMUTABLE);
    // An image is sent as it is: nothing to gain from compressing it.
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(7);
  });

  it('revalidates index.html on every load, at / and at the app routes, compressed and with its security headers', async () => {
    for (const url of ['/', '/index.html', '/patients', '/orders/12/edit']) {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const first = await get('/patients', { 'accept-encoding': 'gzip' });
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/patients', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // A text file the build did not compress (none do) is compressed on the way out.
    const other = await get('/robots.txt', { 'accept-encoding': 'gzip' });
    expect(other.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(other.rawPayload).toString()).toBe('User-agent: *\n');
  });

  it('serves the app at its routes without piling listeners on the response (no process warning)', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 15; i += 1) expect((await get(`/patients/${i}`)).statusCode).toBe(200);
      // Node emits warnings on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.message)).toEqual([]);
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await get('/assets/gone-000.js', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(404);
  });
});

describe('API answers', () => {
  it('compresses JSON over the threshold when asked, and never caches it', async () => {
    const tag = unique('Zip');
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/patients/',
        headers: auth(t.adminToken),
        payload: { first_name: `Ann${i}`, last_name: tag, city: 'Des Moines', state_id: 16, birthdate: '1950-01-02' },
      });
      expect(res.statusCode).toBe(201);
    }
    const url = `/api/patients/?search=${tag}&page_size=25`;
    const plain = await get(url, auth(t.adminToken));
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json() as { count: number };
    expect(expected.count).toBe(12);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, { ...auth(t.adminToken), 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await get(url, { ...auth(t.adminToken), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(expected);
  });

  it('sends small answers and errors as they are', async () => {
    const roles = await get('/api/roles/', { ...auth(t.adminToken), 'accept-encoding': 'gzip, br' });
    expect(roles.statusCode).toBe(200);
    expect(roles.rawPayload.length).toBeLessThan(1024);
    expect(roles.headers['content-encoding']).toBeUndefined();
    const denied = await get('/api/patients/', { 'accept-encoding': 'gzip, br' });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['content-encoding']).toBeUndefined();
    expect(denied.json()).toHaveProperty('detail');
  });

  it('streams PDFs untouched', async () => {
    const res = await get('/api/export_products/', { ...auth(t.adminToken), 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('leaves request bodies alone: a compressed body is not inflated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ username: 'admin', password: 'x' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
