import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayWire } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import {
  addLine,
  createOrder,
  createPatient,
  createProduct,
  getOrder,
  lineBody,
  markShipped,
  type ProductFixture,
} from '../test/factories.ts';

let t: TestContext;
let patient: { id: number; first_name: string; last_name: string };
let product: ProductFixture;

beforeAll(async () => {
  t = await setupTestApp();
  patient = await createPatient(t, { first_name: 'Agatha' });
  product = await createProduct(t);
});
afterAll(async () => {
  await t.close();
});

describe('lookups', () => {
  it('order statuses, deliveries and recurrences with fixed ids', async () => {
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: auth(t.adminToken) })).json();
    expect(await get('/api/order_status/')).toEqual([
      { id: 1, name: 'Pending' },
      { id: 2, name: 'Active' },
      { id: 3, name: 'On Hold' },
      { id: 4, name: 'Completed' },
      { id: 5, name: 'Cancelled' },
    ]);
    expect(await get('/api/deliveries/')).toEqual([
      { id: 1, name: 'Ship' },
      { id: 2, name: 'Deliver' },
      { id: 3, name: 'Pick Up' },
    ]);
    expect(await get('/api/recurrences')).toEqual([
      { id: 1, name: 'Monthly' },
      { id: 2, name: 'Every 2 Months' },
      { id: 3, name: 'Every 15 Days' },
      { id: 4, name: 'Quarterly' },
      { id: 5, name: 'One Time' },
    ]);
  });
});

describe('order header', () => {
  it('401 without a token on every orders call', async () => {
    for (const [method, url] of [
      ['GET', '/api/orders/'],
      ['POST', '/api/orders/'],
      ['GET', '/api/orders/1/'],
      ['DELETE', '/api/orders/1/'],
      ['GET', '/api/clone-order/1/'],
      ['PATCH', '/api/services/1/'],
      ['GET', '/api/users/service_notes/1/'],
      ['GET', '/api/order_status/'],
      ['PATCH', '/api/expirations/1/'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates (201) with status Pending and today as the default expiry, then reads it back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: auth(t.adminToken),
      payload: { patient_id: patient.id, delivery_id: 2, name: 'CPAP supplies', po_number: 'PO-77', expired_at: '' },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      name: 'CPAP supplies',
      patient_id: patient.id,
      patient: { id: patient.id, first_name: 'Agatha', last_name: patient.last_name },
      delivery: { id: 2, name: 'Deliver' },
      status: { id: 1, name: 'Pending' },
      po_number: 'PO-77',
      expired_at: todayWire(),
      customer_approved: false,
      order_products: [],
      ocurrences: [],
      services: [],
      expirations: [],
    });
    const admin = await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(order.user_creator_id).toBe(admin.id);
    const again = await getOrder(t, order.id);
    expect(again).toEqual(order);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'order')
      .where('entity_id', '=', String(order.id))
      .orderBy('id')
      .execute();
    // Reading it back is a read of the patient's order, audited for the patient.
    expect(audit.map((a) => [a.action, a.user_id, a.patient_id])).toEqual([
      ['create', admin.id, patient.id],
      ['read', admin.id, patient.id],
    ]);
  });

  it('422 with the spec messages; unknown patient or delivery is 422 too', async () => {
    let res = await t.app.inject({ method: 'POST', url: '/api/orders/', headers: auth(t.adminToken), payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      patient_id: ['Patient is required'],
      delivery_id: ['Delivery is required'],
      name: ['Order name is required'],
    });
    res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: auth(t.adminToken),
      payload: { patient_id: 999999, delivery_id: 9, name: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ patient_id: ['Patient is required'], delivery_id: ['Delivery is required'] });
    res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...auth(t.adminToken), 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
  });

  it('PATCH saves header fields, ignores an empty name and requires a patient when sent', async () => {
    const order = await createOrder(t, patient.id, { name: 'Original' });
    let res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/`,
      headers: auth(t.adminToken),
      payload: {
        name: '',
        status_id: 2,
        delivery_id: 3,
        office_notes: 'Leave at the back door',
        customer_approved: true,
        expired_at: '2027-01-31',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Original',
      status: { id: 2, name: 'Active' },
      delivery: { id: 3, name: 'Pick Up' },
      office_notes: 'Leave at the back door',
      customer_approved: true,
      expired_at: '2027-01-31',
    });
    res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/`,
      headers: auth(t.adminToken),
      payload: { patient_id: null },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ patient_id: ['Patient is required'] });
    res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/`,
      headers: auth(t.adminToken),
      payload: { status_id: 42 },
    });
    expect(res.statusCode).toBe(422);
    res = await t.app.inject({
      method: 'PATCH',
      url: '/api/orders/999999/',
      headers: auth(t.adminToken),
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'order')
      .where('entity_id', '=', String(order.id))
      .where('action', '=', 'update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toMatchObject({ status_id: 1 });
    expect(audit[0].after).toMatchObject({ status_id: 2 });
  });

  it('404 for unknown or malformed ids', async () => {
    for (const url of [
      '/api/orders/999999/',
      '/api/orders/abc/',
      '/api/order_products/999999',
      '/api/clone-order/999999/',
      '/api/orders/patient-what-ever/999999',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(t.adminToken) });
      expect([404, 422], url).toContain(res.statusCode);
      if (!url.includes('abc')) expect(res.statusCode, url).toBe(404);
    }
    const del = await t.app.inject({ method: 'DELETE', url: '/api/orders/999999/', headers: auth(t.adminToken) });
    expect(del.statusCode).toBe(404);
  });
});

describe('order list', () => {
  it('searches order name, patient name and PO number; orders and pages', async () => {
    const tag = unique('zq');
    const p2 = await createPatient(t, { first_name: 'Bernard', last_name: `${tag}Zed` });
    const a = await createOrder(t, patient.id, { name: `${tag} Oxygen`, po_number: 'PO-1' });
    const b = await createOrder(t, p2.id, { name: 'Diabetic strips', po_number: `${tag}-PO` });
    const c = await createOrder(t, p2.id, { name: 'Briefs', status_id: 3 });
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/?${query}`, headers: auth(t.adminToken) });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        results: { id: number; name: string; patient: unknown; status: unknown; delivery: unknown }[];
        count: number;
        page_size: number;
        current: number;
      };
    };
    let page = await list(`search=${tag}`);
    expect(page.results.map((r) => r.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(page.count).toBe(3);
    page = await list(`search=${encodeURIComponent(`bernard ${tag}`)}`);
    expect(page.results.map((r) => r.id).sort()).toEqual([b.id, c.id].sort());
    page = await list(`search=${tag}&ordering=name`);
    expect(page.results.map((r) => r.name)).toEqual(['Briefs', 'Diabetic strips', `${tag} Oxygen`]);
    page = await list(`search=${tag}&ordering=status`);
    expect(page.results[0].id).toBe(c.id);
    expect(page.results[0]).toMatchObject({
      status: { id: 3, name: 'On Hold' },
      delivery: { id: 1, name: 'Ship' },
      patient: { first_name: 'Bernard' },
    });
    page = await list(`search=${tag}&ordering=patient&page=2&page_size=2`);
    expect(page).toMatchObject({ count: 3, page_size: 2, current: 2 });
    expect(page.results).toHaveLength(1);
    // an unknown ordering field is ignored; a wildcard is taken literally
    expect((await list(`search=${tag}&ordering=password`)).count).toBe(3);
    expect((await list('search=%25%25%25')).count).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/orders/?page_size=1000', headers: auth(t.adminToken) });
    expect(bad.statusCode).toBe(422);
  });
});

describe('orders of a patient', () => {
  it('lists them with their occurrences by date', async () => {
    const p = await createPatient(t);
    const order = await createOrder(t, p.id, { name: 'Walker' });
    await addLine(
      t,
      order.id,
      lineBody(product, { recurrence_id: 1, service_date: '2026-01-05', end_date: '2026-03-05' }),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/patient-what-ever/${p.id}`,
      headers: auth(t.adminToken),
    });
    expect(res.statusCode).toBe(200);
    const [o] = res.json();
    expect(o).toMatchObject({
      id: order.id,
      name: 'Walker',
      delivery: { id: 1, name: 'Ship' },
      status: { id: 1, name: 'Pending' },
    });
    expect(o.ocurrences.map((x: { date: string }) => x.date)).toEqual(['2026-01-05', '2026-02-05', '2026-03-05']);
    expect(o.ocurrences[0]).toEqual({
      id: expect.any(Number),
      date: '2026-01-05',
      ticket_created: null,
      eligibility_toggle: false,
      customer_approved: false,
      shipped: false,
      invoice: null,
      holds: [],
      hold_release: null,
      delivery_document_id: null,
    });
    const lines = await t.app.inject({
      method: 'GET',
      url: `/api/order_products/${order.id}`,
      headers: auth(t.adminToken),
    });
    expect(lines.json()).toHaveLength(1);
    expect(lines.json()[0]).toMatchObject({
      product: { id: product.id, name: product.name, internal_code: product.internal_code },
      recurrence: { id: 1, name: 'Monthly' },
    });
  });
});

describe('clone and delete', () => {
  it('clones the header and lines with fresh, unshipped occurrences; not the expirations', async () => {
    const order = await createOrder(t, patient.id, {
      name: 'To clone',
      po_number: 'PO-9',
      patient_notes: 'Call first',
    });
    await addLine(t, order.id, lineBody(product, { service_date: '2026-01-01', end_date: '2026-03-01' }));
    let full = await getOrder(t, order.id);
    await markShipped(t, full.ocurrences[0].id);
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/expirations/`,
      headers: auth(t.adminToken),
      payload: { date: '2026-06-01', note: 'CMN' },
    });
    full = await getOrder(t, order.id);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/clone-order/${order.id}/`,
      headers: auth(t.adminToken),
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).not.toBe(order.id);
    const copy = await getOrder(t, id);
    expect(copy).toMatchObject({
      name: 'To clone',
      po_number: 'PO-9',
      patient_notes: 'Call first',
      patient_id: patient.id,
      expirations: [],
    });
    expect(copy.order_products.map((l) => ({ ...l, id: 0, order_id: 0 }))).toEqual(
      full.order_products.map((l) => ({ ...l, id: 0, order_id: 0 })),
    );
    expect(copy.ocurrences.map((o) => o.date)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(copy.services.every((s) => !s.shipped && s.order_product_id === copy.order_products[0].id)).toBe(true);
    expect(copy.ocurrences.every((o) => !o.shipped)).toBe(true);
  });

  it('refuses to delete an order with a shipped occurrence (400 {error})', async () => {
    const order = await createOrder(t, patient.id);
    await addLine(t, order.id, lineBody(product));
    const full = await getOrder(t, order.id);
    await markShipped(t, full.ocurrences[1].id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order.id}/`, headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'You cannot delete this order because one or more of the occurrences are marked as Shipped.',
    );
    expect((await getOrder(t, order.id)).services).toHaveLength(full.services.length);
  });

  it('deletes an order with everything under it in one go (204) and audits each row', async () => {
    const order = await createOrder(t, patient.id);
    await addLine(t, order.id, lineBody(product));
    const full = await getOrder(t, order.id);
    const occ = full.ocurrences[0].id;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/users/service_notes/${occ}/`,
          headers: auth(t.adminToken),
          payload: { body: 'Called' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/expirations/`,
          headers: auth(t.adminToken),
          payload: { date: '2026-06-01', note: 'CMN' },
        })
      ).statusCode,
    ).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order.id}/`, headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/`, headers: auth(t.adminToken) })).statusCode,
    ).toBe(404);
    const left = await Promise.all([
      t.db.selectFrom('ocurrences').select('id').where('order_id', '=', order.id).execute(),
      t.db.selectFrom('order_products').select('id').where('order_id', '=', order.id).execute(),
      t.db.selectFrom('expirations').select('id').where('order_id', '=', order.id).execute(),
      t.db
        .selectFrom('services')
        .select('id')
        .where(
          'id',
          'in',
          full.services.map((s) => s.id),
        )
        .execute(),
      t.db.selectFrom('call_notes').select('id').where('ocurrence_id', '=', occ).execute(),
    ]);
    expect(left.map((l) => l.length)).toEqual([0, 0, 0, 0, 0]);
    const audit = await t.db.selectFrom('audit_log').select(['entity']).where('action', '=', 'delete').execute();
    for (const entity of ['order', 'order_product', 'service', 'ocurrence', 'call_note', 'expiration']) {
      expect(
        audit.some((a) => a.entity === entity),
        entity,
      ).toBe(true);
    }
  });

  it('a staff user (role 2) can work with orders', async () => {
    const staff = await t.userWithRole(2);
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/', headers: auth(staff.token) });
    expect(res.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: auth(staff.token),
      payload: { patient_id: patient.id, delivery_id: 1, name: 'By staff' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user_creator_id).toBe(staff.id);
  });
});
