import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from '../plugins/mail.ts';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';

/** Health checks, request ids, the API's map, answers written before routing, and role before body. */
let t: TestContext;
beforeAll(async () => {
  // No web build: its catch-all route would take a path the API router refuses (414 below).
  t = await setupTestApp({ WEB_DIST: fs.mkdtempSync(path.join(os.tmpdir(), 'dme-no-web-')) });
});
afterAll(async () => {
  await t?.close();
});

describe('health checks', () => {
  it('live and ready answer 200 without a token, and name nothing of the office', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health/live/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('ready answers 503 with a reason while the schema is not current', async () => {
    const last = await sql<{ name: string }>`SELECT max(name) AS name FROM kysely_migration`.execute(t.db);
    const name = last.rows[0].name;
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(t.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: expect.stringContaining(name) });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${new Date().toISOString()})`.execute(
        t.db,
      );
    }
  });

  it('an unknown /api path answers a JSON 404, never the web page', async () => {
    for (const url of ['/api/nothing-here', '/api/health', '/api/patients/1/nothing/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(t.adminToken) });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});

describe('the API description', () => {
  it('is served to signed-in users only', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/patients/');
  });

  it('API_DOCS=public opens it (development)', async () => {
    const open = await setupTestApp({ API_DOCS: 'public' });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id, replaces anything else with a UUID', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'lb-7f3a9c21-0001' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21-0001');
    for (const bad of [undefined, 'short', 'has spaces in it', 'x'.repeat(200), 'bad\u00e9chars-123']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: bad === undefined ? {} : { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    const a = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('logs', () => {
  let logged: string[];
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    logged = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logged.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-logs-'));
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' });
    const sink = { info: () => undefined } as unknown as Parameters<typeof createMailer>[0]['log'];
    // Mail goes to the outbox folder, as on an install without a mail server.
    const mailer = createMailer({ from: config.mailFrom, dataDir, log: sink });
    app = await buildApp({ config: { ...config, jwtSecret: t.config.jwtSecret }, db: t.db, mailer, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('every line of a request carries its id, and the user once signed in', async () => {
    const token = (
      await app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { username: 'admin', password: 'Admin-Pass-2026' },
      })
    ).json().token as string;
    logged.length = 0;
    const id = `req-${crypto.randomUUID()}`;
    const res = await app.inject({
      method: 'GET',
      url: '/api/patients/?search=miller',
      headers: { ...auth(token), 'x-request-id': id },
    });
    expect(res.statusCode).toBe(200);
    const lines = logged.map((l) => JSON.parse(l) as { reqId?: string; userId?: number; msg: string });
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.length).toBeGreaterThan(0);
    for (const line of mine)
      expect(line.userId ?? (line as { res?: { userId?: number } }).res?.userId).toBeTypeOf('number');
    // Query strings carry patient names: never logged.
    expect(logged.join('\n')).not.toContain('miller');
  });

  it('a password reset writes its link to the outbox only, never to the log', async () => {
    const email = `${unique('reset')}@test.local`;
    await t.db
      .insertInto('users')
      .values({ username: unique('reset'), email, password_hash: 'x', role_id: 2, first_name: 'R', last_name: 'S' })
      .execute();
    logged.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email } });
    expect(res.statusCode).toBe(200);
    const outbox = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(outbox).toHaveLength(1);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(
      fs.readFileSync(path.join(dataDir, 'outbox', outbox[0]), 'utf8'),
    )?.[1];
    expect(token).toBeTruthy();
    expect(logged.join('\n')).not.toContain(token as string);
    expect(logged.join('\n')).not.toContain('reset-password/');
  });
});

describe('answers written before routing', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends raw bytes and reads the whole answer until the server closes the connection. */
  function raw(request: string): Promise<{ head: string; closed: boolean }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve({ head: data.split('\r\n\r\n')[0], closed: true }));
      socket.setTimeout(5000, () => {
        socket.destroy();
        resolve({ head: data.split('\r\n\r\n')[0], closed: false });
      });
    });
  }

  it('431 and 414 carry the security headers and close the connection', async () => {
    const big = await raw(`GET /api/health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const long = await raw(`GET /api/patients/${'1'.repeat(300)}/ HTTP/1.1\r\nHost: x\r\n\r\n`);
    for (const [answer, status] of [
      [big, '431'],
      [long, '414'],
    ] as const) {
      expect(answer.head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(answer.head).toMatch(/content-security-policy: default-src 'self'/i);
      expect(answer.head).toMatch(/x-content-type-options: nosniff/i);
      expect(answer.head).toMatch(/connection: close/i);
      expect(answer.closed).toBe(true);
    }
  });
});

describe('role before body', () => {
  it('a non-administrator gets 403 for user administration whatever the body', async () => {
    const staff = await t.userWithRole(2);
    const h = auth(staff.token);
    for (const payload of [{}, { username: '' }, 'not json at all']) {
      const post = await t.app.inject({ method: 'POST', url: '/api/users/', headers: h, payload });
      expect(post.statusCode).toBe(403);
      const patch = await t.app.inject({ method: 'PATCH', url: `/api/users/${staff.id}/`, headers: h, payload });
      expect(patch.statusCode).toBe(403);
    }
    const audit = await t.app.inject({ method: 'GET', url: '/api/patients/1/audit/?page=zero', headers: h });
    expect(audit.statusCode).toBe(403);
  });
});
