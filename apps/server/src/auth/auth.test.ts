import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { ADMIN, auth, setupTestApp, type TestContext } from '../test/helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/login/', () => {
  it('signs in with the spec fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: 'admin', first_name: 'Ada', last_name: 'Admin', role_id: 1 });
    expect(typeof body.token).toBe('string');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a wrong password with "Incorrect credentials" (not 401)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: 'admin', password: 'nope-nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Incorrect credentials' });
  });

  it('answers 422 with field messages for an empty body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ username: ['Username is required'], password: ['Password is required'] });
  });

  it('answers 400 (never 500) for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBeTruthy();
  });

  it('refuses an inactive user with 401 "Please contact your system administrator"', async () => {
    const u = await t.userWithRole(2);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', u.id).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: u.username, password: u.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Please contact your system administrator');
    // and the token it had before no longer works
    const me = await t.app.inject({ method: 'GET', url: '/api/roles/', headers: auth(u.token) });
    expect(me.statusCode).toBe(401);
  });

  it('rate-limits repeated failures per username with 429', async () => {
    const u = await t.userWithRole(2);
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { username: u.username, password: 'wrong-password' },
      });
      expect(r.statusCode).toBe(400);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: u.username, password: u.password },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('rate-limits repeated failures per IP with 429', async () => {
    for (let i = 0; i < 20; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        remoteAddress: '10.9.9.9',
        payload: { username: `ghost${i}`, password: 'wrong-password' },
      });
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      remoteAddress: '10.9.9.9',
      payload: ADMIN,
    });
    expect(blocked.statusCode).toBe(429);
    const other = await t.app.inject({ method: 'POST', url: '/api/login/', remoteAddress: '10.9.9.8', payload: ADMIN });
    expect(other.statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  it('401 without a token, with a forged token and with an expired token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/' })).statusCode).toBe(401);
    const forged = await new SignJWT({ sid: '00000000-0000-0000-0000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/', headers: auth(forged) })).statusCode).toBe(401);
    const expired = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(1_600_000_000)
      .setExpirationTime(1_600_000_600)
      .sign(new TextEncoder().encode(t.config.jwtSecret!));
    const res = await t.app.inject({ method: 'GET', url: '/api/roles/', headers: auth(expired) });
    expect(res.statusCode).toBe(401);
    expect(JSON.stringify(res.json())).not.toMatch(/stack|at /);
  });

  it('refresh swaps a valid token for a new one; a bad token is 401', async () => {
    const token = await t.login(ADMIN.username, ADMIN.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/refresh-token/', payload: { token } });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/', headers: auth(fresh) })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/refresh-token/', payload: { token: 'abc' } })).statusCode,
    ).toBe(401);
  });

  it('log out ends the session at once', async () => {
    const token = await t.login(ADMIN.username, ADMIN.password);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout/', headers: auth(token) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/', headers: auth(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/refresh-token/', payload: { token } })).statusCode).toBe(
      401,
    );
  });
});

describe('password recovery', () => {
  async function requestReset(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email } });
    const message = t.mail.at(-1)!;
    const token = /reset-password\/([\w-]+)/.exec(message.text)![1];
    return { res, token };
  }

  it('unknown email is refused with the spec message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password/',
      payload: { email: 'nobody@x.org' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("The email doesn't exist!");
  });

  it('mails a single-use link that changes the password and ends old sessions', async () => {
    const u = await t.userWithRole(3);
    const email = `${u.username}@test.local`;
    const { res, token } = await requestReset(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe('An email has been sent to reset your password.');
    const stored = await t.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email, password: 'short', confirm_password: 'other', reset_token: token },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json()).sort()).toEqual(['confirm_password', 'password']);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email, password: 'Brand-New-Pass-1', confirm_password: 'Brand-New-Pass-1', reset_token: token },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toBe('The password has been changed, please login.');
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/', headers: auth(u.token) })).statusCode).toBe(401);
    await t.login(u.username, 'Brand-New-Pass-1');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email, password: 'Another-Pass-22', confirm_password: 'Another-Pass-22', reset_token: token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('The url is not valid or has expired!');
  });

  it('an expired token is refused', async () => {
    const u = await t.userWithRole(2);
    const email = `${u.username}@test.local`;
    const { token } = await requestReset(email);
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', u.id)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email, password: 'Brand-New-Pass-1', confirm_password: 'Brand-New-Pass-1', reset_token: token },
    });
    expect(res.statusCode).toBe(400);
  });

  it('a token does not work for another email', async () => {
    const u = await t.userWithRole(2);
    const { token } = await requestReset(`${u.username}@test.local`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: {
        email: 'admin@test.local',
        password: 'Brand-New-Pass-1',
        confirm_password: 'Brand-New-Pass-1',
        reset_token: token,
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses common passwords', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email: 'a@b.co', password: 'password123', confirm_password: 'password123', reset_token: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().password).toEqual(['This password is too common']);
  });
});
