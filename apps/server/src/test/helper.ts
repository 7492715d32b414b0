import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db, type DbHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadShippedHcpcs } from '../db/hcpcs-reference.ts';
import { loadShippedFeeSchedule } from '../db/fee-schedule-reference.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { MailMessage, Mailer } from '../plugins/mail.ts';

export const ADMIN = { username: 'admin', password: 'Admin-Pass-2026' };

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  handle: DbHandle;
  /** The fresh PostgreSQL database's URL (TEST_DATABASE_URL set and no `pgliteFolder`). */
  databaseUrl?: string;
  config: Config;
  mail: MailMessage[];
  adminToken: string;
  /** Signs in and returns the token (throws on failure). */
  login(username: string, password: string): Promise<string>;
  /** Creates an active user of the role directly in the database and signs it in. */
  userWithRole(
    roleId: number,
    overrides?: Partial<{ username: string; password: string }>,
  ): Promise<{ id: number; username: string; password: string; token: string }>;
  close(): Promise<void>;
}

/** A fresh database per test file: a new PostgreSQL database with TEST_DATABASE_URL, else PGlite in memory. */
export async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { drop: async () => {} };
  const name = `dme_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${crypto.randomBytes(2).toString('hex')}`;
}

/**
 * A built app on a fresh database, with an administrator signed in. `sessionCache` runs it as a
 * PostgreSQL server process does (DATABASE_URL set: sessions kept in memory, plugins/session-cache.ts);
 * only with TEST_DATABASE_URL. `pgliteFolder` keeps embedded PGlite in DATA_DIR/pglite, as
 * `npm start` does without DATABASE_URL, whether or not TEST_DATABASE_URL is set.
 */
export async function setupTestApp(
  env: Record<string, string> = {},
  opts: { sessionCache?: boolean; pgliteFolder?: boolean } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-test-'));
  const database: { url?: string; drop(): Promise<void> } = opts.pgliteFolder
    ? { drop: async () => {} }
    : await freshDatabase();
  const asServer = opts.sessionCache === true && database.url !== undefined;
  const config = loadConfig({
    ...(asServer ? { DATABASE_URL: database.url } : {}),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG === '1' ? 'error' : 'silent',
    SEED_DEMO: '0',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ...env,
  });
  const handle = await openDatabase({ url: database.url, dataDir: opts.pgliteFolder ? dataDir : 'memory' });
  await migrateToLatest(handle.db);
  // As the server's start does (db/bootstrap.ts): every test database knows the CMS codes and fees.
  await loadShippedHcpcs(handle.db);
  await loadShippedFeeSchedule(handle.db);
  const mail: MailMessage[] = [];
  const mailer: Mailer = { offline: false, send: async (m) => void mail.push(m) };
  const app = await buildApp({
    config,
    db: handle.db,
    mailer,
    logger: process.env.TEST_LOG === '1',
    ...(asServer ? { dbKind: 'postgres' as const } : {}),
  });
  await app.ready();

  const adminHash = await hashPassword(ADMIN.password);
  await handle.db
    .insertInto('users')
    .values({
      username: ADMIN.username,
      email: 'admin@test.local',
      password_hash: adminHash,
      role_id: 1,
      first_name: 'Ada',
      last_name: 'Admin',
    })
    .execute();

  async function login(username: string, password: string): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode} ${res.body}`);
    return (res.json() as { token: string }).token;
  }

  const adminToken = await login(ADMIN.username, ADMIN.password);

  return {
    app,
    db: handle.db,
    handle,
    databaseUrl: database.url,
    config,
    mail,
    adminToken,
    login,
    async userWithRole(roleId, overrides = {}) {
      const username = overrides.username ?? unique('user');
      const password = overrides.password ?? 'Staff-Pass-2026';
      const { id } = await handle.db
        .insertInto('users')
        .values({
          username,
          email: `${username}@test.local`,
          password_hash: await hashPassword(password),
          role_id: roleId,
          first_name: 'Sam',
          last_name: 'Staff',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, username, password, token: await login(username, password) };
    },
    async close() {
      await app.close();
      await handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function auth(token: string): { authorization: string } {
  return { authorization: `JWT ${token}` };
}
