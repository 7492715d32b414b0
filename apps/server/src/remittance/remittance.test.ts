import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { createVendor, invoicedOccurrence, invoicesOffTheirServices } from '../test/remittance.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const check = (vendorId: number, overrides: Record<string, unknown> = {}) => ({
  check_number: unique('CHK'),
  check_date: '2026-03-20',
  total_amount: '100.00',
  payment_method: 'Bank',
  vendor_id: vendorId,
  memo_notes: 'EOB March',
  ...overrides,
});

function post(payload: Record<string, unknown>, token = t.adminToken) {
  return t.app.inject({ method: 'POST', url: '/api/remmitance_payments/', headers: auth(token), payload });
}

async function serviceMoney(id: number) {
  return t.db
    .selectFrom('services')
    .select(['outstanding', 'remitted', 'amount_ajusted', 'write_off'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('remittance list and detail', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/remmitance/' });
    expect(res.statusCode).toBe(401);
  });

  it('lists invoiced occurrences with a balance, searchable by patient and invoice number', async () => {
    const occ = await invoicedOccurrence(t, { prices: ['10.00', '20.50'] });
    await invoicedOccurrence(t, { prices: ['5.00'], ship: false, lastName: occ.lastName });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/remmitance/?search=${occ.lastName.toLowerCase()}`,
      headers: auth(t.adminToken),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({
      id: occ.occurrenceId,
      invoice: occ.invoiceId,
      invoice_amount: 30.5,
      amount_remitted: 0,
      balance: 30.5,
    });
    const byNumber = await t.app.inject({
      method: 'GET',
      url: `/api/remmitance/?search=${occ.invoiceId}&ordering=-balance`,
      headers: auth(t.adminToken),
    });
    expect(byNumber.json().results.map((r: { id: number }) => r.id)).toContain(occ.occurrenceId);
    // Exactly the open invoices with that number or whose order's search text holds those digits.
    const { rows } = await sql<{ id: number }>`
      SELECT i.ocurrence_id AS id FROM invoices i JOIN orders o ON o.id = i.order_id
       WHERE i.balance > 0 AND (i.id = ${occ.invoiceId} OR o.search_text LIKE ${`%${occ.invoiceId}%`})`.execute(t.db);
    expect(byNumber.json().count).toBe(rows.length);
    expect(
      byNumber
        .json()
        .results.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual(rows.map((r) => r.id).sort());
  });

  it('counts exactly the open invoices, all and per search, as a payment closes one', async () => {
    const vendorId = await createVendor(t);
    const occ = await invoicedOccurrence(t, { prices: ['40.00'] });
    const counts = async () => {
      const all = await t.app.inject({ method: 'GET', url: '/api/remmitance/', headers: auth(t.adminToken) });
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/remmitance/?search=${occ.lastName}`,
        headers: auth(t.adminToken),
      });
      const open = await t.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('balance', '>', '0')
        .executeTakeFirstOrThrow();
      return { all: all.json().count, mine: mine.json().count, open: Number(open.n) };
    };
    const before = await counts();
    expect(before.all).toBe(before.open);
    expect(before.mine).toBe(1);
    const paid = await post({
      checks: [check(vendorId, { total_amount: '40.00' })],
      ocurrence_id: occ.occurrenceId,
      services: [{ id: occ.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: 0 }],
    });
    expect(paid.statusCode).toBe(201);
    expect(await counts()).toEqual({ all: before.all - 1, mine: 0, open: before.open - 1 });
  });

  it('answers one occurrence with its services and totals, 404 for an unknown one', async () => {
    const occ = await invoicedOccurrence(t, { prices: ['12.25'] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/remmitance/${occ.occurrenceId}`,
      headers: auth(t.adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: occ.occurrenceId,
      invoice: { id: occ.invoiceId },
      total_invoice_ammount: 12.25,
      total_balance: 12.25,
      services: [{ id: occ.serviceIds[0], amount_remmited: 1, outstanding: 12.25, outstanding_saved: 0 }],
    });
    const missing = await t.app.inject({ method: 'GET', url: '/api/remmitance/99999999', headers: auth(t.adminToken) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('posting a check', () => {
  it('applies entire remit, credit and write-off, once, and prefills the saved check', async () => {
    const vendorId = await createVendor(t);
    const occ = await invoicedOccurrence(t, { prices: ['40.00', '60.00', '10.00'] });
    const [a, b, c] = occ.serviceIds;
    const body = {
      checks: [check(vendorId, { total_amount: '80.00' })],
      ocurrence_id: occ.occurrenceId,
      services: [
        { id: a, outstanding: 0, amount_ajusted: 0, write_off: 0 },
        { id: b, outstanding: '22.80', amount_ajusted: 0, write_off: 0 },
        { id: c, outstanding: 0, amount_ajusted: 0, write_off: '10.00' },
      ],
    };
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().check).toMatchObject({ total_amount: 80, total_amount_remmited: 77.2, remaining: 2.8 });
    expect(res.json().remittance.total_balance).toBe(22.8);
    expect(await serviceMoney(b)).toMatchObject({ outstanding: '22.80', remitted: '37.20' });
    expect(await serviceMoney(c)).toMatchObject({ outstanding: '0.00', write_off: '10.00', remitted: '0.00' });

    // The same posting again finds nothing left to take: never applied twice.
    const again = await post(body);
    expect(again.statusCode).toBe(422);
    expect(await serviceMoney(b)).toMatchObject({ outstanding: '22.80', remitted: '37.20' });

    const last = await t.app.inject({
      method: 'GET',
      url: '/api/last_remmitance_payments',
      headers: auth(t.adminToken),
    });
    expect(last.json()).toMatchObject({ check_number: body.checks[0].check_number, remaining: 2.8 });
    const payments = await t.app.inject({
      method: 'GET',
      url: `/api/remmitance_payments?ocurrence=${occ.occurrenceId}`,
      headers: auth(t.adminToken),
    });
    expect(payments.json()).toHaveLength(1);
    expect(payments.json()[0]).toMatchObject({ invoice: occ.invoiceId, amount_applied: 77.2, write_off: 10 });
  });

  it('refuses with the spec messages and changes nothing', async () => {
    const vendorId = await createVendor(t);
    const occ = await invoicedOccurrence(t, { prices: ['50.00'] });
    const services = [{ id: occ.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: 0 }];
    const missing = await post({
      checks: [{ check_date: '', total_amount: '', payment_method: 'Barter', memo_notes: '' }],
      ocurrence_id: occ.occurrenceId,
      services,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      'checks.0.check_number': ['Check number is required'],
      'checks.0.check_date': ['Check date is required'],
      'checks.0.total_amount': ['Total amount is required'],
      'checks.0.payment_method': ['Payment method is required'],
      'checks.0.vendor_id': ['Vendor is required'],
    });
    const tooSmall = await post({
      checks: [check(vendorId, { total_amount: '49.99' })],
      ocurrence_id: occ.occurrenceId,
      services,
    });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json()['checks.0.total_amount']).toBeDefined();
    const inconsistent = await post({
      checks: [check(vendorId)],
      ocurrence_id: occ.occurrenceId,
      services: [{ id: occ.serviceIds[0], outstanding: '60.00', amount_ajusted: 0, write_off: 0 }],
    });
    expect(inconsistent.statusCode).toBe(422);
    const notInvoiced = await invoicedOccurrence(t, { prices: ['5.00'], ship: false });
    const refused = await post({
      checks: [check(vendorId)],
      ocurrence_id: notInvoiced.occurrenceId,
      services: [{ id: notInvoiced.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: 0 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(await serviceMoney(occ.serviceIds[0])).toMatchObject({ outstanding: '50.00', remitted: '0.00' });
    const checks = await t.db.selectFrom('checks').select('id').where('vendor_id', '=', vendorId).execute();
    expect(checks).toHaveLength(0);
  });

  it('continues a saved check across occurrences; a changed date or total is refused', async () => {
    const vendorId = await createVendor(t);
    const first = await invoicedOccurrence(t, { prices: ['30.00'] });
    const second = await invoicedOccurrence(t, { prices: ['45.00'] });
    const chk = check(vendorId, { total_amount: '75.00' });
    const one = await post({
      checks: [chk],
      ocurrence_id: first.occurrenceId,
      services: [{ id: first.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: 0 }],
    });
    expect(one.statusCode).toBe(201);
    const changed = await post({
      checks: [{ ...chk, check_date: '2026-03-21' }],
      ocurrence_id: second.occurrenceId,
      services: [{ id: second.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: 0 }],
    });
    expect(changed.statusCode).toBe(422);
    const two = await post({
      checks: [chk],
      ocurrence_id: second.occurrenceId,
      services: [{ id: second.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: 0 }],
    });
    expect(two.statusCode).toBe(201);
    expect(two.json().check).toMatchObject({ id: one.json().check.id, total_amount_remmited: 75, remaining: 0 });
  });

  it('50 parallel postings against one check never exceed its total and apply each payment once', async () => {
    const vendorId = await createVendor(t);
    const chk = check(vendorId, { total_amount: '100.00' });
    const occurrences = [];
    for (let i = 0; i < 25; i++) occurrences.push(await invoicedOccurrence(t, { prices: ['10.00'] }));
    // Each occurrence is posted twice at once: 50 requests for 25 occurrences, 10 fit the check.
    const results = await Promise.all(
      [...occurrences, ...occurrences].map((occ) =>
        post({
          checks: [chk],
          ocurrence_id: occ.occurrenceId,
          services: [{ id: occ.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: 0 }],
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    const saved = await t.db
      .selectFrom('checks')
      .select(['id', 'applied_amount'])
      .where('check_number', '=', chk.check_number)
      .executeTakeFirstOrThrow();
    expect(saved.applied_amount).toBe('100.00');
    const rows = await t.db
      .selectFrom('remittance_payments')
      .select(['ocurrence_id'])
      .where('check_id', '=', saved.id)
      .execute();
    expect(new Set(rows.map((r) => r.ocurrence_id)).size).toBe(10);
  });
});

describe('reverting a payment', () => {
  it('restores exactly what the payment took, and lists checks with their payments', async () => {
    const vendorId = await createVendor(t, unique('Revert Payer '));
    const occ = await invoicedOccurrence(t, { prices: ['33.33', '20.00'] });
    const chk = check(vendorId, { total_amount: '50.00' });
    const posted = await post({
      checks: [chk],
      ocurrence_id: occ.occurrenceId,
      services: [
        { id: occ.serviceIds[0], outstanding: '16.66', amount_ajusted: 0, write_off: 0 },
        { id: occ.serviceIds[1], outstanding: 0, amount_ajusted: '20.00', write_off: 0 },
      ],
    });
    expect(posted.statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/remmitance_revert/?search=${encodeURIComponent(chk.check_number)}&ordering=vendor`,
      headers: auth(t.adminToken),
    });
    expect(list.statusCode).toBe(200);
    const row = list.json().results[0];
    expect(row).toMatchObject({ check_number: chk.check_number, total_amount_check: 50, total_amount_remmited: 16.67 });
    expect(row.remmitance_payments[0]).toMatchObject({ invoice: occ.invoiceId, amount_applied: 16.67 });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/ocurrence_payments/${row.remmitance_payments[0].id}/`,
      headers: auth(t.adminToken),
    });
    expect(del.statusCode).toBe(204);
    expect(await serviceMoney(occ.serviceIds[0])).toEqual({
      outstanding: '33.33',
      remitted: '0.00',
      amount_ajusted: '0.00',
      write_off: '0.00',
    });
    expect(await serviceMoney(occ.serviceIds[1])).toMatchObject({ outstanding: '20.00', amount_ajusted: '0.00' });
    const saved = await t.db
      .selectFrom('checks')
      .select('applied_amount')
      .where('check_number', '=', chk.check_number)
      .executeTakeFirstOrThrow();
    expect(saved.applied_amount).toBe('0.00');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/ocurrence_payments/${row.remmitance_payments[0].id}/`,
      headers: auth(t.adminToken),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('update original amount', () => {
  it('moves the outstanding by the difference and refuses going below what is settled', async () => {
    const vendorId = await createVendor(t);
    const occ = await invoicedOccurrence(t, { prices: ['10.00'] });
    const id = occ.serviceIds[0];
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/remmitance_services/${id}/`,
      headers: auth(t.adminToken),
      payload: { amount_remmited: 3, sale_price: '12.50' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount_remmited: 3, sale_price: 12.5, outstanding: 37.5 });
    await post({
      checks: [check(vendorId, { total_amount: '30.00' })],
      ocurrence_id: occ.occurrenceId,
      services: [{ id, outstanding: '7.50', amount_ajusted: 0, write_off: 0 }],
    });
    const below = await t.app.inject({
      method: 'PATCH',
      url: `/api/remmitance_services/${id}/`,
      headers: auth(t.adminToken),
      payload: { amount_remmited: 1, sale_price: '10.00' },
    });
    expect(below.statusCode).toBe(422);
    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/remmitance_services/${id}/`,
      headers: auth(t.adminToken),
      payload: { amount_remmited: '', sale_price: '' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      sale_price: ['Sale price is required'],
      amount_remmited: ['Quantity is required'],
    });
  });
});

it('leaves every invoice with the amount, remitted and balance of its services, and every order with its invoice counts', async () => {
  expect(await invoicesOffTheirServices(t)).toEqual([]);
});
