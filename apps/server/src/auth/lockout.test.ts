import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { recordAttempt, SLOWDOWN, signInDelayMs } from './queries.ts';

/**
 * Sign-in throttling that a stranger cannot turn against the owner, and
 * X-Forwarded-For believed only from configured proxies.
 */
let t: TestContext;
let listed: TestContext;
let hops: TestContext;

beforeAll(async () => {
  [t, listed, hops] = await Promise.all([
    setupTestApp(),
    setupTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }),
    setupTestApp({ TRUST_PROXY: '1' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), listed?.close(), hops?.close()]);
});

function signIn(
  ctx: TestContext,
  username: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login/',
    remoteAddress,
    headers,
    payload: { username, password },
  });
}

async function fail(username: string, remoteAddress: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    expect((await signIn(t, username, 'wrong-password', remoteAddress)).statusCode).toBe(400);
  }
}

describe('sign-in throttling', () => {
  it('five failures lock that account from that address only; the owner elsewhere signs in', async () => {
    const owner = await t.userWithRole(2);
    await fail(owner.username, '198.51.100.1', 5);
    expect((await signIn(t, owner.username, owner.password, '198.51.100.1')).statusCode).toBe(429);
    expect((await signIn(t, owner.username.toUpperCase(), 'wrong-password', '198.51.100.1')).statusCode).toBe(429);
    expect((await signIn(t, owner.username, owner.password, '198.51.100.2')).statusCode).toBe(200);
  });

  it('a distributed guess never locks the owner out: every sign-in of the account is slowed, at most 3 s', async () => {
    const owner = await t.userWithRole(2);
    // Recorded as the route records them: through it, each of these would already be slowed.
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
      for (let i = 0; i < 5; i++) await recordAttempt(t.db, 'login', owner.username, address);
    }
    // 20 failures from 4 addresses: each of those addresses is refused for this account...
    expect((await signIn(t, owner.username, owner.password, '203.0.113.4')).statusCode).toBe(429);
    // ...but the owner from their own address gets in, after a delay of a few seconds at most.
    let started = Date.now();
    expect((await signIn(t, owner.username, owner.password, '192.0.2.10')).statusCode).toBe(200);
    let waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(SLOWDOWN.maxMs - 50);
    expect(waited).toBeLessThan(SLOWDOWN.maxMs + 2000);
    // A guess from yet another address is slowed the same way, and still refused as wrong.
    started = Date.now();
    expect((await signIn(t, owner.username, 'wrong-password', '203.0.113.5')).statusCode).toBe(400);
    waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(SLOWDOWN.maxMs - 50);
    // Other accounts are not touched.
    const colleague = await t.userWithRole(2);
    started = Date.now();
    expect((await signIn(t, colleague.username, colleague.password, '203.0.113.6')).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(SLOWDOWN.maxMs);
  });

  it('the delay grows with the failures and stops at its ceiling', () => {
    expect(signInDelayMs(0)).toBe(0);
    expect(signInDelayMs(SLOWDOWN.freeFailures)).toBe(0);
    expect(signInDelayMs(SLOWDOWN.freeFailures + 1)).toBe(SLOWDOWN.stepMs);
    expect(signInDelayMs(SLOWDOWN.freeFailures + 4)).toBe(4 * SLOWDOWN.stepMs);
    expect(signInDelayMs(10_000)).toBe(SLOWDOWN.maxMs);
  });

  it('a correct sign-in forgets the failures from its own address', async () => {
    const owner = await t.userWithRole(2);
    await fail(owner.username, '198.51.100.50', 4);
    expect((await signIn(t, owner.username, owner.password, '198.51.100.50')).statusCode).toBe(200);
    await fail(owner.username, '198.51.100.50', 4);
    expect((await signIn(t, owner.username, owner.password, '198.51.100.50')).statusCode).toBe(200);
  });

  it('one address spraying 20 account names is throttled for every account', async () => {
    for (let i = 0; i < 20; i++) await fail(unique('ghost'), '198.51.100.99', 1);
    const owner = await t.userWithRole(2);
    expect((await signIn(t, owner.username, owner.password, '198.51.100.99')).statusCode).toBe(429);
    expect((await signIn(t, owner.username, owner.password, '198.51.100.98')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  async function recordedAddress(ctx: TestContext, remoteAddress: string, forwardedFor: string): Promise<string> {
    const username = unique('probe');
    await signIn(ctx, username, 'wrong-password', remoteAddress, { 'x-forwarded-for': forwardedFor });
    const row = await ctx.db
      .selectFrom('auth_attempts')
      .select('ip')
      .where('subject', '=', username.toLowerCase())
      .executeTakeFirstOrThrow();
    return row.ip;
  }

  it('unset: a forged X-Forwarded-For changes nothing', async () => {
    expect(await recordedAddress(t, '198.51.100.7', '203.0.113.200')).toBe('198.51.100.7');
    expect(await recordedAddress(t, '127.0.0.1', '203.0.113.200')).toBe('127.0.0.1');
  });

  it('a list of addresses and ranges: believed from those peers only', async () => {
    expect(await recordedAddress(listed, '127.0.0.1', '203.0.113.20')).toBe('203.0.113.20');
    expect(await recordedAddress(listed, '10.20.30.40', '203.0.113.21')).toBe('203.0.113.21');
    expect(await recordedAddress(listed, '198.51.100.7', '203.0.113.22')).toBe('198.51.100.7');
    // Through a trusted proxy, a client's own forged entry further left is not believed.
    expect(await recordedAddress(listed, '127.0.0.1', '6.6.6.6, 203.0.113.23')).toBe('203.0.113.23');
  });

  it('a hop count: the address the nearest proxy saw', async () => {
    expect(await recordedAddress(hops, '10.0.0.2', '6.6.6.6, 203.0.113.30')).toBe('203.0.113.30');
  });

  it('anything else stops start-up with a clear message', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback,::1,fd00::/8' }).trustProxy).toEqual(['loopback', '::1', 'fd00::/8']);
  });
});
