import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { addLine, createOrder, createPatient, createProduct, getOrder, lineBody } from '../test/factories.ts';

/**
 * What any client can send must never answer 500: hostile orderings, NUL characters, malformed
 * or empty JSON bodies, and path ids that are not plain digits (issue 9, items 4 to 9).
 */
let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(t.adminToken) });

describe('orderings', () => {
  it('inherited object keys fall back to the default ordering', async () => {
    for (const list of ['/api/orders/', '/api/products/', '/api/patients/', '/api/patients_rentals/']) {
      for (const ordering of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '-constructor', '-']) {
        const res = await get(`${list}?ordering=${encodeURIComponent(ordering)}`);
        expect(res.statusCode, `${list} ${ordering}`).toBe(200);
        expect(res.json()).toHaveProperty('results');
      }
    }
  });
});

describe('NUL characters', () => {
  it('are refused in text fields with 422 and nothing is stored', async () => {
    const before = await t.db
      .selectFrom('patients')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/',
      headers: auth(t.adminToken),
      payload: { first_name: 'Ro\u0000se', last_name: 'Miller', state_id: 16 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ first_name: ['Null characters are not allowed.'] });
    const after = await t.db
      .selectFrom('patients')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('are dropped from every search', async () => {
    const nul = encodeURIComponent('ro\u0000se');
    for (const url of [
      `/api/patients/?search=${nul}`,
      `/api/patients_rentals/?search=${nul}`,
      `/api/patients_list/?search=${nul}`,
      `/api/orders/?search=${nul}`,
      `/api/products/?search=${nul}`,
      `/api/export_products/?search=${nul}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: 'ad\u0000min', password: 'whatever' },
    });
    expect(login.statusCode).toBe(422);
  });
});

describe('request bodies', () => {
  let patientId: number;
  let orderId: number;
  let lineId: number;
  let serviceId: number;

  beforeAll(async () => {
    patientId = (await createPatient(t)).id;
    const product = await createProduct(t);
    orderId = (await createOrder(t, patientId)).id;
    lineId = (await addLine(t, orderId, lineBody(product))).id;
    serviceId = (await getOrder(t, orderId)).services[0].id;
  });

  const routes = () => [
    { method: 'DELETE' as const, url: `/api/patients/${patientId}/` },
    { method: 'DELETE' as const, url: `/api/orders/${orderId}/` },
    { method: 'PATCH' as const, url: `/api/orders/${orderId}/products/${lineId}/` },
    { method: 'DELETE' as const, url: `/api/orders/${orderId}/products/${lineId}/` },
    { method: 'DELETE' as const, url: `/api/services/${serviceId}/` },
  ];

  it('malformed JSON answers 400 with the one error body, and nothing changes', async () => {
    const before = await getOrder(t, orderId);
    for (const route of routes()) {
      for (const payload of ['{bad', '[1,', '"unterminated']) {
        const res = await t.app.inject({
          ...route,
          headers: { ...auth(t.adminToken), 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${route.method} ${route.url} ${payload}`).toBe(400);
        expect(res.json()).toEqual({ detail: 'Malformed JSON body.' });
      }
    }
    expect(await getOrder(t, orderId)).toEqual(before);
    expect((await get(`/api/patients/${patientId}/`)).statusCode).toBe(200);
  });

  it('a body-less request sent as application/json is read as having no body', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/products/${lineId}/`,
      headers: { ...auth(t.adminToken), 'content-type': 'application/json' },
    });
    // A PATCH needs its body: an empty one is bad input (422), not a broken request.
    expect(patch.statusCode).toBe(422);
    // DELETE with the header and nothing (or only spaces) after it: accepted and done.
    const line = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${orderId}/products/${lineId}/`,
      headers: { ...auth(t.adminToken), 'content-type': 'application/json' },
      payload: ' ',
    });
    expect(line.statusCode).toBe(204);
    const order = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${orderId}/`,
      headers: { ...auth(t.adminToken), 'content-type': 'application/json; charset=utf-8' },
    });
    expect(order.statusCode).toBe(204);
    const patient = await t.app.inject({
      method: 'DELETE',
      url: `/api/patients/${patientId}/`,
      headers: { ...auth(t.adminToken), 'content-type': 'application/json' },
    });
    expect(patient.statusCode).toBe(204);
  });
});

describe('path ids', () => {
  it('anything but plain digits within range names no record (404), never another one', async () => {
    const product = await createProduct(t);
    const lookalikes = [
      `0x${product.id.toString(16)}`,
      `${product.id}e0`,
      `%20${product.id}`,
      `${product.id}.0`,
      `-${product.id}`,
      `+${product.id}`,
      `0${product.id}`,
      '99999999999',
      '2147483648',
    ];
    for (const id of lookalikes) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}/`, headers: auth(t.adminToken) });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      expect((await get(`/api/patients/${id}/`)).statusCode, id).toBe(404);
      const line = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${id}/products/${id}/`,
        headers: auth(t.adminToken),
        payload: {},
      });
      expect(line.statusCode, id).toBe(404);
    }
    expect((await get(`/api/products/${product.id}/`)).statusCode).toBe(200);
  });

  it('ids in bodies past the integer range are refused with 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: auth(t.adminToken),
      payload: {
        username: 'bigrole',
        email: 'bigrole@test.local',
        role_id: 99999999999,
        password: 'Sturdy-Pass-2026',
        profile: { first_name: 'Big', last_name: 'Role', state: 99999999999 },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ role_id: ['Role is required'], 'profile.state': ['Select a valid state'] });
  });
});
