import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayWire } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
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
let patientId: number;
let product: ProductFixture;

beforeAll(async () => {
  t = await setupTestApp({ SALES_TAX_RATE: '0.1' });
  patientId = (await createPatient(t)).id;
  product = await createProduct(t);
});
afterAll(async () => {
  await t.close();
});

/** An order with one monthly line from 2026-01-10 to 2026-04-10 (4 services). */
async function orderWithLine(overrides: Record<string, unknown> = {}) {
  const order = await createOrder(t, patientId);
  const line = await addLine(t, order.id, lineBody(product, { tax_applied: true, ...overrides }));
  return { order, line, full: await getOrder(t, order.id) };
}

const patch = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/services/${id}/`, headers: auth(t.adminToken), payload });

describe('service edit', () => {
  it('changes quantity and price, recomputing total and tax on the server', async () => {
    const { full } = await orderWithLine();
    const s = full.services[0];
    const res = await patch(s.id, {
      amount_remmited: 3,
      sale_price: '15.50',
      locked_price: true,
      date: s.date,
      product_id: product.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: s.id,
      amount_remmited: 3,
      sale_price: 15.5,
      total: 46.5,
      tax_amount: 4.65,
      locked_price: true,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'service')
      .where('entity_id', '=', String(s.id))
      .where('action', '=', 'update')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('moving to another date moves the service to that occurrence and drops the empty one', async () => {
    const { order, full } = await orderWithLine();
    const [first, second] = full.services;
    // onto an existing date: it joins that occurrence
    let res = await patch(first.id, { date: second.date });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ date: second.date, ocurrence_id: second.ocurrence_id });
    let after = await getOrder(t, order.id);
    expect(after.ocurrences.map((o) => o.date)).not.toContain(first.date);
    expect(after.ocurrences.find((o) => o.date === second.date)!.services).toHaveLength(2);
    // onto a new date: a new occurrence is created on demand
    res = await patch(first.id, { date: '2026-01-25' });
    after = await getOrder(t, order.id);
    const moved = after.ocurrences.find((o) => o.date === '2026-01-25')!;
    expect(moved.services.map((s) => s.id)).toEqual([first.id]);
    expect(res.json().ocurrence_id).toBe(moved.id);
  });

  it('a shipped service keeps quantity, price and lock (422); unchanged values pass', async () => {
    const { full } = await orderWithLine();
    const s = full.services[0];
    await markShipped(t, s.ocurrence_id);
    let res = await patch(s.id, { amount_remmited: 9, sale_price: '1.00', locked_price: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      amount_remmited: ['A shipped service cannot be changed'],
      sale_price: ['A shipped service cannot be changed'],
      locked_price: ['A shipped service cannot be changed'],
    });
    res = await patch(s.id, { date: '2026-02-01' });
    expect(res.statusCode).toBe(422);
    // the dialog sends the disabled fields back unchanged
    res = await patch(s.id, {
      amount_remmited: s.amount_remmited,
      sale_price: s.sale_price,
      locked_price: s.locked_price,
      date: s.date,
      product_id: product.id,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('services')
      .select(['quantity', 'sale_price', 'date'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ quantity: 2, sale_price: '10.00', date: s.date });
  });

  it('cannot move a service onto a shipped occurrence', async () => {
    const { full } = await orderWithLine();
    const [first, second] = full.services;
    await markShipped(t, second.ocurrence_id);
    const res = await patch(first.id, { date: second.date });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ date: ['The occurrence of that date is already shipped'] });
  });

  it('422 for empty required fields, 404 for an unknown service', async () => {
    const { full } = await orderWithLine();
    const res = await patch(full.services[0].id, { date: '', sale_price: '', amount_remmited: null });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      date: ['Date is required'],
      sale_price: ['Sale price is required'],
      amount_remmited: ['Quantity is required'],
    });
    expect((await patch(999999, { amount_remmited: 1 })).statusCode).toBe(404);
  });
});

describe('service delete', () => {
  it('deletes an unshipped service (204) and its occurrence when left empty', async () => {
    const { order, full } = await orderWithLine();
    const s = full.services[0];
    const res = await t.app.inject({ method: 'DELETE', url: `/api/services/${s.id}`, headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(204);
    const after = await getOrder(t, order.id);
    expect(after.services.map((x) => x.id)).not.toContain(s.id);
    expect(after.ocurrences.map((o) => o.id)).not.toContain(s.ocurrence_id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/services/${s.id}`, headers: auth(t.adminToken) })).statusCode,
    ).toBe(404);
  });

  it('refuses a shipped service with 400 {error}', async () => {
    const { full } = await orderWithLine();
    const s = full.services[1];
    await markShipped(t, s.ocurrence_id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/services/${s.id}/`, headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('A shipped service cannot be deleted');
  });
});

describe('service clone', () => {
  it('creates a service of the same line on the occurrence of the new date, with server-side amounts', async () => {
    const { order, line, full } = await orderWithLine();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone_service/',
      headers: auth(t.adminToken),
      payload: {
        order_product_id: line.id,
        product_id: product.id,
        date: '2026-02-20',
        amount_remmited: 2,
        sale_price: '8.00',
        percentage: 25,
        added_percentage: true,
        adjusted_sale_price: 1000,
        tax_amount: 1000,
        locked_price: false,
      },
    });
    expect(res.statusCode).toBe(201);
    // 8.00 x 1.25 = 10.000; x 2 = 20.00; 10% tax = 2.00
    expect(res.json()).toMatchObject({
      date: '2026-02-20',
      order_product_id: line.id,
      adjusted_sale_price: 10,
      total: 20,
      tax_amount: 2,
      shipped: false,
    });
    const after = await getOrder(t, order.id);
    expect(after.ocurrences.map((o) => o.date)).toContain('2026-02-20');
    expect(after.services).toHaveLength(full.services.length + 1);

    // onto an existing date it joins that occurrence
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/clone_service/',
      headers: auth(t.adminToken),
      payload: {
        order_product_id: line.id,
        product_id: product.id,
        date: full.services[0].date,
        amount_remmited: 1,
        sale_price: 10,
      },
    });
    expect(same.json().ocurrence_id).toBe(full.services[0].ocurrence_id);
  });

  it('422s: required fields, unknown line, shipped occurrence', async () => {
    const { line, full } = await orderWithLine();
    let res = await t.app.inject({
      method: 'POST',
      url: '/api/clone_service/',
      headers: auth(t.adminToken),
      payload: { order_product_id: line.id, product_id: product.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      date: ['Date is required'],
      amount_remmited: ['Quantity is required'],
      sale_price: ['Sale price is required'],
    });
    res = await t.app.inject({
      method: 'POST',
      url: '/api/clone_service/',
      headers: auth(t.adminToken),
      payload: {
        order_product_id: 999999,
        product_id: product.id,
        date: '2026-02-20',
        amount_remmited: 1,
        sale_price: 1,
      },
    });
    expect(res.json()).toEqual({ order_product_id: ['Product line is required'] });
    await markShipped(t, full.services[0].ocurrence_id);
    res = await t.app.inject({
      method: 'POST',
      url: '/api/clone_service/',
      headers: auth(t.adminToken),
      payload: {
        order_product_id: line.id,
        product_id: product.id,
        date: full.services[0].date,
        amount_remmited: 1,
        sale_price: 1,
      },
    });
    expect(res.json()).toEqual({ date: ['The occurrence of that date is already shipped'] });
  });
});

describe('occurrence PO number', () => {
  it('PATCH /ocurrences/{id}/ saves the PO number (200) and audits it', async () => {
    const { full } = await orderWithLine();
    const occ = full.ocurrences[0];
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/ocurrences/${occ.id}/`,
      headers: auth(t.adminToken),
      payload: { po_number: 'PO-OCC-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: occ.id,
      po_number: 'PO-OCC-1',
      total: 20,
      tax: 2,
      services: [{ id: occ.services[0].id }],
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'ocurrence')
      .where('entity_id', '=', String(occ.id))
      .where('action', '=', 'update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/ocurrences/999999/',
          headers: auth(t.adminToken),
          payload: { po_number: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('call notes', () => {
  it('adds notes as the signed-in user and lists them newest first', async () => {
    const { full } = await orderWithLine();
    const occ = full.ocurrences[0].id;
    const url = `/api/users/service_notes/${occ}/`;
    const staff = await t.userWithRole(2);
    const first = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(t.adminToken),
      payload: { body: 'Left a voicemail', ocurrence: occ },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ body: 'Left a voicemail', user_stamped: { username: 'admin' } });
    const second = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(staff.token),
      payload: { body: 'Patient approved' },
    });
    expect(second.json().user_stamped).toEqual({ id: staff.id, username: staff.username });
    const list = await t.app.inject({ method: 'GET', url, headers: auth(t.adminToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((n: { body: string }) => n.body)).toEqual(['Patient approved', 'Left a voicemail']);
    expect(list.json()[0].created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'call_note')
      .where('entity_id', '=', String(first.json().id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('422 for an empty or too long body; 404 for an unknown occurrence', async () => {
    const { full } = await orderWithLine();
    const url = `/api/users/service_notes/${full.ocurrences[0].id}/`;
    let res = await t.app.inject({ method: 'POST', url, headers: auth(t.adminToken), payload: { body: ' ' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ body: ['Body is required'] });
    res = await t.app.inject({ method: 'POST', url, headers: auth(t.adminToken), payload: { body: 'x'.repeat(5001) } });
    expect(res.statusCode).toBe(422);
    res = await t.app.inject({ method: 'GET', url: '/api/users/service_notes/999999/', headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(404);
    res = await t.app.inject({
      method: 'POST',
      url: '/api/users/service_notes/999999/',
      headers: auth(t.adminToken),
      payload: { body: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('expirations', () => {
  it('create, switch yellow off (clears yellow_date), solve red and yellow, delete', async () => {
    const { order } = await orderWithLine();
    const url = `/api/orders/${order.id}/expirations/`;
    let res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(t.adminToken),
      payload: { date: '2026-06-30', note: 'CMN renewal', yellow: true, yellow_date: '2026-06-01', waiver: true },
    });
    expect(res.statusCode).toBe(201);
    const exp = res.json();
    expect(exp).toEqual({
      id: expect.any(Number),
      order_id: order.id,
      date: '2026-06-30',
      note: 'CMN renewal',
      yellow: true,
      yellow_date: '2026-06-01',
      waiver: true,
      solved: false,
      red_solved_date: null,
      yellow_solved_date: null,
    });
    expect((await getOrder(t, order.id)).expirations).toEqual([exp]);

    const edit = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/expirations/${exp.id}/`, headers: auth(t.adminToken), payload });
    res = await edit({ solved: true, color: 'yellow' });
    expect(res.json()).toMatchObject({ yellow_solved_date: todayWire(), solved: false, red_solved_date: null });
    res = await edit({ solved: true, color: 'red' });
    expect(res.json()).toMatchObject({ red_solved_date: todayWire(), solved: true });
    res = await edit({ solved: false, color: 'red' });
    expect(res.json()).toMatchObject({ red_solved_date: null, solved: false, yellow_solved_date: todayWire() });
    res = await edit({ yellow: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ yellow: false, yellow_date: null });
    res = await edit({ yellow: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ yellow_date: ['Yellow date is required'] });
    res = await edit({ note: 'Renewed CMN', date: '2026-07-31' });
    expect(res.json()).toMatchObject({ note: 'Renewed CMN', date: '2026-07-31' });

    res = await t.app.inject({ method: 'DELETE', url: `/api/expirations/${exp.id}/`, headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(204);
    res = await t.app.inject({ method: 'DELETE', url: `/api/expirations/${exp.id}/`, headers: auth(t.adminToken) });
    expect(res.statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'expiration')
      .where('entity_id', '=', String(exp.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'update', 'update', 'delete']);
  });

  it('422 messages; a yellow date is dropped when yellow is off; 404 for an unknown order', async () => {
    const { order } = await orderWithLine();
    const url = `/api/orders/${order.id}/expirations/`;
    let res = await t.app.inject({ method: 'POST', url, headers: auth(t.adminToken), payload: { yellow: true } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ date: ['Date is required'], note: ['Note is required'] });
    res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(t.adminToken),
      payload: { date: '2026-06-30', note: 'x', yellow: true, yellow_date: '' },
    });
    expect(res.json()).toEqual({ yellow_date: ['Yellow date is required'] });
    res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(t.adminToken),
      payload: { date: '2026-06-30', note: 'x', yellow: false, yellow_date: '2026-06-01' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().yellow_date).toBeNull();
    res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/999999/expirations/',
      headers: auth(t.adminToken),
      payload: { date: '2026-06-30', note: 'x' },
    });
    expect(res.statusCode).toBe(404);
    res = await t.app.inject({
      method: 'PATCH',
      url: '/api/expirations/999999/',
      headers: auth(t.adminToken),
      payload: { note: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });
});
