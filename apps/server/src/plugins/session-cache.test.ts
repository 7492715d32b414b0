import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ID } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';

/**
 * The sessions a server process keeps in memory (PostgreSQL only): every way access ends still
 * ends it, from this process at once and from elsewhere as soon as the change commits.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('kept sessions', () => {
  let t: TestContext;
  let other: pg.Client;

  /** Waits (up to 3 s) until `check` holds. */
  async function until(check: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 3_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const get = (token: string, url = '/api/roles/') => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const sessionOf = async (token: string) => (await t.app.ctx.tokens.verify(token))!.sessionId;

  beforeAll(async () => {
    t = await setupTestApp({}, { sessionCache: true });
    other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    await until(() => t.app.ctx.sessions.active);
  });

  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it('keeps a checked session and serves it again', async () => {
    const user = await t.userWithRole(ADMIN_ROLE_ID);
    expect((await get(user.token)).statusCode).toBe(200);
    const kept = t.app.ctx.sessions.get(await sessionOf(user.token));
    expect(kept).toMatchObject({ id: user.id, username: user.username, roleId: ADMIN_ROLE_ID });
    expect((await get(user.token)).statusCode).toBe(200);
  });

  it('Log Out ends access at once', async () => {
    const user = await t.userWithRole(ADMIN_ROLE_ID);
    expect((await get(user.token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout/', headers: auth(user.token) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await get(user.token)).statusCode).toBe(401);
  });

  it('deactivating a user through the API ends their access at once', async () => {
    const user = await t.userWithRole(ADMIN_ROLE_ID);
    expect((await get(user.token)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}/`, headers: auth(t.adminToken) });
    expect(del.statusCode).toBeLessThan(300);
    expect((await get(user.token)).statusCode).toBe(401);
  });

  it('a change committed by another process or psql reaches the kept sessions', async () => {
    const user = await t.userWithRole(ADMIN_ROLE_ID);
    expect((await get(user.token, '/api/users/')).statusCode).toBe(200);
    expect(t.app.ctx.sessions.get(await sessionOf(user.token))).toBeDefined();

    await other.query('UPDATE users SET role_id = NULL WHERE id = $1', [user.id]);
    await until(async () => (await get(user.token, '/api/users/')).statusCode === 403);

    await other.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
    await until(async () => (await get(user.token)).statusCode === 401);
  });

  it('a session revoked elsewhere is never served again, even by a read that raced it', async () => {
    const user = await t.userWithRole(ADMIN_ROLE_ID);
    const sid = await sessionOf(user.token);
    // Reads in flight while the revocation commits: whichever answer each gets, none is kept after.
    const reads = Array.from({ length: 10 }, () => get(user.token));
    await other.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [sid]);
    await Promise.all(reads);
    await until(async () => (await get(user.token)).statusCode === 401);
    expect(t.app.ctx.sessions.get(sid)).toBeUndefined();
    expect((await get(user.token)).statusCode).toBe(401);
  });

  it('keeps nothing while its listener is lost, and resumes once it is back', async () => {
    const user = await t.userWithRole(ADMIN_ROLE_ID);
    expect((await get(user.token)).statusCode).toBe(200);
    await other.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'LISTEN %'`,
    );
    await until(() => !t.app.ctx.sessions.active);
    expect(t.app.ctx.sessions.get(await sessionOf(user.token))).toBeUndefined();
    // Not kept while lost: a change is seen on the next request, notified or not.
    expect((await get(user.token)).statusCode).toBe(200);
    expect(t.app.ctx.sessions.get(await sessionOf(user.token))).toBeUndefined();

    await until(() => t.app.ctx.sessions.active);
    expect((await get(user.token)).statusCode).toBe(200);
    expect(t.app.ctx.sessions.get(await sessionOf(user.token))).toBeDefined();
    await other.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
    await until(async () => (await get(user.token)).statusCode === 401);
  });
});
