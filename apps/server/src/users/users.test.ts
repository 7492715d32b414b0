import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

function newUser(overrides: Record<string, unknown> = {}) {
  const username = unique('u');
  return {
    username,
    email: `${username}@example.org`,
    password: 'Strong-Pass-2026',
    role_id: 2,
    is_active: true,
    profile: {
      first_name: 'Maria',
      middle_name: 'E',
      last_name: 'Lopez',
      address_1: '12 Main St',
      address_2: '',
      city: 'Ames',
      zip: '50010',
      phone: '515-555-0100',
      mobile: '',
      fax: '',
      birthdate: '1980-04-02',
      state: 16,
    },
    ...overrides,
  };
}

describe('users administration', () => {
  it('creates a user (201), lists and reads it back with role and state', async () => {
    const body = newUser();
    const res = await t.app.inject({ method: 'POST', url: '/api/users/', headers: auth(t.adminToken), payload: body });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      is_active: true,
      role: { id: 2, label: 'Office Staff' },
    });
    expect(user.profile).toMatchObject({
      first_name: 'Maria',
      birthdate: '1980-04-02',
      state: { id: 16, name: 'Iowa' },
    });
    expect(user).not.toHaveProperty('password');

    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: auth(t.adminToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { username: string }) => u.username)).toContain(body.username);

    const one = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/`, headers: auth(t.adminToken) });
    expect(one.json().profile.city).toBe('Ames');

    // the new user can sign in with the password given
    await t.login(body.username, body.password);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(user.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(JSON.stringify(audit[0].after)).not.toContain('Strong-Pass');
  });

  it('answers 422 with the spec messages for missing fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: auth(t.adminToken),
      payload: { username: '', email: 'bad', password: '', profile: { first_name: '', last_name: '' } },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.username).toEqual(['Username is required']);
    expect(body.email).toEqual(['Must be a valid mail']);
    expect(body.password).toEqual(['Password is required']);
    expect(body['profile.first_name']).toEqual(['First name is required']);
    expect(body['profile.last_name']).toEqual(['Last name is required']);
    expect(body.role_id).toEqual(['Role is required']);
  });

  it('edit uses "Last Name is required" and a password is optional', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/users/', headers: auth(t.adminToken), payload: newUser() })
    ).json();
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${created.id}/`,
      headers: auth(t.adminToken),
      payload: {
        ...newUser({ username: created.username, email: created.email }),
        password: '',
        profile: { ...newUser().profile, last_name: '' },
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()['profile.last_name']).toEqual(['Last Name is required']);

    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${created.id}/`,
      headers: auth(t.adminToken),
      payload: { ...newUser({ username: created.username, email: created.email, role_id: 3 }), password: '' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      message: 'The user has been updated!',
      data: { role: { id: 3 } },
    });
  });

  it('a duplicate username or email is 422', async () => {
    const first = newUser();
    await t.app.inject({ method: 'POST', url: '/api/users/', headers: auth(t.adminToken), payload: first });
    const dupName = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: auth(t.adminToken),
      payload: newUser({ username: first.username.toUpperCase() }),
    });
    expect(dupName.statusCode).toBe(422);
    expect(dupName.json()).toHaveProperty('username');
    const dupMail = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: auth(t.adminToken),
      payload: newUser({ email: first.email }),
    });
    expect(dupMail.statusCode).toBe(422);
    expect(dupMail.json()).toHaveProperty('email');
  });

  it('a password change ends the user’s sessions', async () => {
    const u = await t.userWithRole(2);
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/users/${u.id}/`, headers: auth(t.adminToken) })
    ).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}/`,
      headers: auth(t.adminToken),
      payload: {
        username: current.username,
        email: current.email,
        role_id: 2,
        is_active: true,
        password: 'Changed-Pass-2026',
        profile: { ...current.profile, state: null },
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/', headers: auth(u.token) })).statusCode).toBe(401);
  });

  it('delete marks the user inactive (204), ends its sessions and keeps the row', async () => {
    const u = await t.userWithRole(3);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${u.id}/`, headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(204);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/users/${u.id}/`, headers: auth(t.adminToken) })
    ).json();
    expect(after.is_active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/', headers: auth(u.token) })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: u.username, password: u.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('nobody deletes or deactivates their own account', async () => {
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/', headers: auth(t.adminToken) }))
      .json()
      .find((u: { username: string }) => u.username === 'admin');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${me.id}/`, headers: auth(t.adminToken) });
    expect(del.statusCode).toBe(403);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${me.id}/`,
      headers: auth(t.adminToken),
      payload: {
        username: me.username,
        email: me.email,
        role_id: 1,
        is_active: false,
        profile: { ...me.profile, state: null },
      },
    });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().is_active).toEqual(['You cannot change your own status']);
    const still = (
      await t.app.inject({ method: 'GET', url: `/api/users/${me.id}/`, headers: auth(t.adminToken) })
    ).json();
    expect(still.is_active).toBe(true);
  });

  it('non-administrators get 403 on every user administration call', async () => {
    const staff = await t.userWithRole(2);
    const h = auth(staff.token);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/', headers: h })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${staff.id}/`, headers: h })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/', headers: h, payload: newUser() })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/users/${staff.id}/`, headers: h, payload: newUser() }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${staff.id}/`, headers: h })).statusCode).toBe(403);
    // lookups are open to every signed-in user
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/', headers: h })).statusCode).toBe(200);
  });

  it('401 without a token; 404 for a missing user and for a malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/999999/', headers: auth(t.adminToken) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/users/999999/', headers: auth(t.adminToken) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/abc/', headers: auth(t.adminToken) })).statusCode,
    ).toBe(404);
  });
});

describe('lookups', () => {
  it('roles and all US states', async () => {
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles/', headers: auth(t.adminToken) })).json();
    expect(roles.map((r: { label: string }) => r.label)).toEqual(['Administrator', 'Office Staff', 'Billing']);
    const states = (await t.app.inject({ method: 'GET', url: '/api/usa_states/', headers: auth(t.adminToken) })).json();
    expect(states.length).toBeGreaterThanOrEqual(51);
    expect(states.find((s: { abbreviation: string }) => s.abbreviation === 'IA').name).toBe('Iowa');
  });

  it('serves OpenAPI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/users/');
  });

  it('unknown API paths are 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(404);
  });
});
