import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_MESSAGES, type ShippingPage, type ShippingRecord } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { officeToday } from './records.ts';
import { get, occurrence, patchShipping, readPdf, ticket } from '../test/shipping.ts';
import { invoicesOffTheirServices } from '../test/remittance.ts';

let t: TestContext;
let staff: { id: number; username: string; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  staff = await t.userWithRole(2);
});
afterAll(async () => {
  await t.close();
});

const list = async (query: string) => {
  const res = await get(t, `/api/shipping-status/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShippingPage;
};

describe('every shipping route needs a signed-in user', () => {
  it.each([
    ['GET', '/api/shipping-status/'],
    ['PATCH', '/api/shipping-status/1/'],
    ['GET', '/api/export/1/print/'],
    ['GET', '/api/export/1/reprint/'],
    ['GET', '/api/getCountOcurrencesAvailablesForPrint/'],
    ['GET', '/api/export_batch'],
    ['GET', '/api/confirm_export_batch?batchPrintId=1'],
    ['GET', '/api/async_confirm_export_batch'],
    ['GET', '/api/list_batch_prints/'],
    ['GET', '/api/batch_prints/1/download/'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'PATCH' ? { shipped: true } : undefined });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /shipping-status/', () => {
  it('answers shipping records with the patient and the order, ordered by date', async () => {
    const lastName = unique('Listed');
    const later = await occurrence(t, { date: '2031-02-10', lastName });
    const earlier = await occurrence(t, { date: '2031-02-03', lastName, callBeforeDelivery: true, approved: true });
    await ticket(t, earlier.id);
    const page = await list(`search=${lastName}`);
    expect(page).toMatchObject({ count: 2, page_size: 25, current: 1 });
    expect(page.results.map((r) => r.id)).toEqual([earlier.id, later.id]);
    const first = page.results[0];
    expect(first).toMatchObject({
      id: earlier.id,
      date: '2031-02-03',
      eligibility_toggle: true,
      customer_approved: true,
      user_ticket: { username: 'admin' },
      shipped: false,
      shipped_date: null,
      printed: false,
      invoice_id: null,
      patient: { id: earlier.patientId, last_name: lastName, state: { id: 16 }, call_before_delivery: true },
      order: { id: earlier.orderId, patient_id: earlier.patientId },
    });
    expect(first.ticket_created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(page.results[1].user_ticket).toBeNull();
    const descending = await list(`search=${lastName}&ordering=-date`);
    expect(descending.results.map((r) => r.id)).toEqual([later.id, earlier.id]);
  });

  it('filters by dates, state, facility, hidden shipped and search, and pages', async () => {
    const lastName = unique('Filter');
    const a = await occurrence(t, { date: '2031-03-02', lastName, stateId: 16 });
    const b = await occurrence(t, { date: '2031-03-09', lastName, stateId: 5, facility: true });
    const c = await occurrence(t, { date: '2031-03-20', lastName, stateId: 16 });
    await ticket(t, c.id);
    expect((await patchShipping(t, c.id, { shipped: true, eligibility_toggle: true })).statusCode).toBe(200);
    const ids = async (query: string) => (await list(`search=${lastName}&${query}`)).results.map((r) => r.id);
    expect(await ids('start_date=2031-03-01&end_date=2031-03-10')).toEqual([a.id, b.id]);
    expect(await ids('start_date=2031-03-05')).toEqual([b.id, c.id]);
    expect(await ids('state=5')).toEqual([b.id]);
    expect(await ids('facility=Yes')).toEqual([b.id]);
    expect(await ids('facility=No')).toEqual([a.id, c.id]);
    expect(await ids('hidden_shipped=true')).toEqual([a.id, b.id]);
    expect(await ids(`ordering=patient_name&page_size=2&page=2`)).toHaveLength(1);
    const byOrder = await list(`search=${b.orderId}`);
    expect(byOrder.results.map((r) => r.id)).toContain(b.id);
    expect((await list(`search=${lastName.toUpperCase()}&state=16`)).count).toBe(2);
  });

  it("finds occurrences by their order's name, PO number and patient after each is renamed, and new ones", async () => {
    const lastName = unique('Renamed');
    const a = await occurrence(t, { date: '2031-04-06', lastName });
    const found = async (term: string) => (await list(`search=${encodeURIComponent(term)}`)).results.map((r) => r.id);
    const orderName = unique('Route');
    await t.db
      .updateTable('orders')
      .set({ name: orderName, po_number: `PO-${orderName}` })
      .where('id', '=', a.orderId)
      .execute();
    expect(await found(orderName)).toEqual([a.id]);
    expect(await found(`PO-${orderName}`)).toEqual([a.id]);
    const newLast = unique('Moved');
    await t.db.updateTable('patients').set({ last_name: newLast }).where('id', '=', a.patientId).execute();
    expect(await found(newLast)).toEqual([a.id]);
    expect(await found(lastName)).toEqual([]);
    const next = await t.db
      .insertInto('ocurrences')
      .values({ order_id: a.orderId, date: '2031-05-06' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await found(newLast)).toEqual([a.id, next.id]);
  });

  it('answers 422 for bad filters', async () => {
    for (const query of ['start_date=2031-02-30', 'start_date=2031-03-10&end_date=2031-03-01', 'facility=Maybe']) {
      const res = await get(t, `/api/shipping-status/?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
    const res = await get(t, '/api/shipping-status/?end_date=2031-01-01&start_date=2031-02-01');
    expect(res.json()).toEqual({ end_date: [SHIPPING_MESSAGES.endBeforeStart] });
  });
});

describe('GET /export/{id}/print/', () => {
  it('prints the first ticket as a one-page PDF with the delivery details and stamps it', async () => {
    const o = await occurrence(t, { quantities: [3, 7], patientNotes: 'Leave at the side door.' });
    const res = await get(t, `/api/export/${o.id}/print/`, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="shipping-status-${o.id}.pdf"`);
    const { text, pages } = readPdf(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain(t.config.business.name);
    expect(text).toContain(t.config.business.address);
    expect(text).toContain(`Rose ${o.lastName}`);
    expect(text).toContain('18 Walnut Street');
    expect(text).toContain('515-555-0101');
    expect(text).toContain(`Occurrence:`);
    expect(text).toContain(`#${o.id}`);
    expect(text).toContain('05/04/2026');
    expect(text).toContain('Leave at the side door.');
    expect(text).toContain('Received by (print name)');
    for (const name of o.productNames) expect(text).toContain(name.slice(0, 20));
    expect(text).toMatch(/\b3\s+Each\s+General/);
    expect(text).toMatch(/\b7\s+Each\s+General/);
    expect(text).toContain('Total quantity: 10');

    const record = (await get(t, `/api/shipping-status/?search=${o.lastName}`)).json() as ShippingPage;
    expect(record.results[0].user_ticket).toEqual({ id: staff.id, username: staff.username });
    expect(record.results[0].ticket_created).not.toBeNull();
    const audited = await t.db
      .selectFrom('audit_log')
      .select('entity')
      .where('entity', '=', 'ocurrence')
      .where('entity_id', '=', String(o.id))
      .where('user_id', '=', staff.id)
      .execute();
    expect(audited.length).toBeGreaterThan(0);
  });

  it('refuses a second print, eligibility off, and a call-before-delivery patient not approved', async () => {
    const printed = await occurrence(t);
    await ticket(t, printed.id);
    const again = await get(t, `/api/export/${printed.id}/print/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: SHIPPING_MESSAGES.ticketExists });

    const ineligible = await occurrence(t, { eligible: false, approved: true });
    const refused = await get(t, `/api/export/${ineligible.id}/print/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: SHIPPING_MESSAGES.eligibilityOff });

    const waiting = await occurrence(t, { callBeforeDelivery: true, approved: false });
    const notApproved = await get(t, `/api/export/${waiting.id}/print/`);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toMatchObject({ detail: SHIPPING_MESSAGES.notApproved });
    const stillNoTicket = await t.db
      .selectFrom('ocurrences')
      .select('ticket_created')
      .where('id', 'in', [ineligible.id, waiting.id])
      .execute();
    expect(stillNoTicket.every((r) => r.ticket_created === null)).toBe(true);

    const approved = await occurrence(t, { callBeforeDelivery: true, approved: true });
    expect((await get(t, `/api/export/${approved.id}/print/`)).statusCode).toBe(200);
    const notCalled = await occurrence(t, { callBeforeDelivery: false, approved: false });
    expect((await get(t, `/api/export/${notCalled.id}/print/`)).statusCode).toBe(200);
  });

  it('prints exactly once when many print at the same time', async () => {
    const o = await occurrence(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(t, `/api/export/${o.id}/print/`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it('answers 404 for an unknown occurrence', async () => {
    expect((await get(t, '/api/export/999999/print/')).statusCode).toBe(404);
    expect((await get(t, '/api/export/999999/reprint/')).statusCode).toBe(404);
  });

  it('continues a long service list on a second page', async () => {
    const o = await occurrence(t, { quantities: Array.from({ length: 30 }, (_, i) => i + 1) });
    const res = await get(t, `/api/export/${o.id}/print/`);
    expect(res.statusCode).toBe(200);
    const { text, pages } = readPdf(res.rawPayload);
    expect(pages).toBe(2);
    expect(text).toContain('DELIVERY TICKET (continued)');
    expect(text).toContain('Total quantity: 465');
  });
});

describe('GET /export/{id}/reprint/', () => {
  it('reprints only while a ticket exists and nothing shipped', async () => {
    const o = await occurrence(t);
    const before = await get(t, `/api/export/${o.id}/reprint/`);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ detail: SHIPPING_MESSAGES.noTicket });
    await ticket(t, o.id);
    const stamped = await t.db
      .selectFrom('ocurrences')
      .select('ticket_created')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    const again = await get(t, `/api/export/${o.id}/reprint/`, staff.token);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-disposition']).toContain(`shipping-status-${o.id}.pdf`);
    expect(readPdf(again.rawPayload).text).toContain(o.lastName);
    const after = await t.db
      .selectFrom('ocurrences')
      .select(['ticket_created', 'user_ticket_id'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(after.ticket_created).toEqual(stamped.ticket_created);
    expect(after.user_ticket_id).not.toBe(staff.id);
    expect((await patchShipping(t, o.id, { shipped: true, eligibility_toggle: true })).statusCode).toBe(200);
    const shipped = await get(t, `/api/export/${o.id}/reprint/`);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toMatchObject({ detail: SHIPPING_MESSAGES.alreadyShipped });
  });
});

describe('PATCH /shipping-status/{id}/', () => {
  it('refuses the Shipped switch without a ticket', async () => {
    const o = await occurrence(t);
    const res = await patchShipping(t, o.id, { shipped: true, eligibility_toggle: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: SHIPPING_MESSAGES.noTicket });
    const invoices = await t.db.selectFrom('invoices').select('id').where('ocurrence_id', '=', o.id).execute();
    expect(invoices).toHaveLength(0);
  });

  it('answers 404, and 422 for a body without shipped or eligibility', async () => {
    expect((await patchShipping(t, 999999, { shipped: true })).statusCode).toBe(404);
    const o = await occurrence(t);
    const empty = await patchShipping(t, o.id, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ shipped: [SHIPPING_MESSAGES.shippedRequired] });
    expect((await patchShipping(t, o.id, { shipped: 'yes' })).statusCode).toBe(422);
  });

  it('ships: stamps the date, ships the services with their outstanding and creates the invoice', async () => {
    const o = await occurrence(t, { quantities: [2, 3], prices: ['12.50', '4.10'] });
    await ticket(t, o.id);
    const res = await patchShipping(t, o.id, { shipped: true, eligibility_toggle: true }, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const today = officeToday(t.config.officeTimeZone);
    const record = res.json() as ShippingRecord;
    expect(record).toMatchObject({ id: o.id, shipped: true, shipped_date: today, eligibility_toggle: true });
    const invoice = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('ocurrence_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(invoice.date).toBe(today);
    expect(record.invoice_id).toBe(invoice.id);
    const services = await t.db
      .selectFrom('services')
      .select(['shipped', 'outstanding', 'total', 'tax_amount'])
      .where('ocurrence_id', '=', o.id)
      .orderBy('id')
      .execute();
    expect(services.map((s) => [s.shipped, s.outstanding])).toEqual([
      [true, '25.00'],
      [true, '12.30'],
    ]);
  });

  it('creates one invoice under 20 parallel Shipped toggles', async () => {
    const o = await occurrence(t);
    await ticket(t, o.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => patchShipping(t, o.id, { shipped: true, eligibility_toggle: true })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const invoices = await t.db.selectFrom('invoices').select('id').where('ocurrence_id', '=', o.id).execute();
    expect(invoices).toHaveLength(1);
    const created = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'invoice')
      .where('entity_id', '=', String(invoices[0].id))
      .where('action', '=', 'create')
      .execute();
    expect(created).toHaveLength(1);
  });

  it('un-ships without a payment: the invoice goes and the services owe nothing', async () => {
    const o = await occurrence(t);
    await ticket(t, o.id);
    await patchShipping(t, o.id, { shipped: true, eligibility_toggle: true });
    const res = await patchShipping(t, o.id, { shipped: false, eligibility_toggle: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ shipped: false, shipped_date: null, invoice_id: null });
    const services = await t.db
      .selectFrom('services')
      .select(['shipped', 'outstanding'])
      .where('ocurrence_id', '=', o.id)
      .execute();
    expect(services.every((s) => !s.shipped && s.outstanding === null)).toBe(true);
    // Shipping again makes a fresh invoice.
    expect((await patchShipping(t, o.id, { shipped: true, eligibility_toggle: true })).statusCode).toBe(200);
    expect(await t.db.selectFrom('invoices').select('id').where('ocurrence_id', '=', o.id).execute()).toHaveLength(1);
  });

  it('refuses to un-ship once money reached the invoice (write-off or a remittance payment)', async () => {
    const writtenOff = await occurrence(t);
    await ticket(t, writtenOff.id);
    await patchShipping(t, writtenOff.id, { shipped: true, eligibility_toggle: true });
    await t.db
      .updateTable('services')
      .set({ write_off: '5.00', outstanding: '15.00' })
      .where('ocurrence_id', '=', writtenOff.id)
      .execute();
    const refused = await patchShipping(t, writtenOff.id, { shipped: false, eligibility_toggle: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: SHIPPING_MESSAGES.paymentExists });

    const paid = await occurrence(t);
    await ticket(t, paid.id);
    await patchShipping(t, paid.id, { shipped: true, eligibility_toggle: true });
    const invoice = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('ocurrence_id', '=', paid.id)
      .executeTakeFirstOrThrow();
    const vendor = await t.db
      .insertInto('vendors')
      .values({ name: unique('Vendor '), phone: '515-555-0199' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const check = await t.db
      .insertInto('checks')
      .values({
        vendor_id: vendor.id,
        check_number: unique('C'),
        check_date: '2026-05-10',
        total_amount: '1.00',
        payment_method: 'Cash',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('remittance_payments')
      .values({ check_id: check.id, ocurrence_id: paid.id, invoice_id: invoice.id, amount_applied: '0.00' })
      .execute();
    const refusedPaid = await patchShipping(t, paid.id, { shipped: false, eligibility_toggle: true });
    expect(refusedPaid.statusCode).toBe(409);
    const still = await t.db
      .selectFrom('ocurrences')
      .select('shipped')
      .where('id', '=', paid.id)
      .executeTakeFirstOrThrow();
    expect(still.shipped).toBe(true);
  });

  it('saves the eligibility it carries', async () => {
    const o = await occurrence(t);
    await ticket(t, o.id);
    const res = await patchShipping(t, o.id, { eligibility_toggle: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eligibility_toggle: false, shipped: false });
  });

  it('keeps shipped services immutable for the order screens', async () => {
    const o = await occurrence(t);
    await ticket(t, o.id);
    await patchShipping(t, o.id, { shipped: true, eligibility_toggle: true });
    const service = await t.db
      .selectFrom('services')
      .select('id')
      .where('ocurrence_id', '=', o.id)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/services/${service.id}/`,
      headers: auth(t.adminToken),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });
});

it('leaves every invoice with the amount, remitted and balance of its services, and every order with its invoice counts', async () => {
  expect(await invoicesOffTheirServices(t)).toEqual([]);
});
