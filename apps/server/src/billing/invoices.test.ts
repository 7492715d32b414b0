import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { invoiced, recordPayment, type InvoicedFixture } from '../test/billing.ts';

let t: TestContext;
let a: InvoicedFixture;
let b: InvoicedFixture;

beforeAll(async () => {
  t = await setupTestApp();
  a = await invoiced(t, {
    prices: ['10.00', '25.50'],
    quantity: 2,
    lastName: unique('Quinterro'),
    patient: { first_name: 'Marisol' },
  });
  b = await invoiced(t, { prices: ['40.00'], date: '2026-03-20', lastName: unique('Abernathy') });
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'PATCH', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: auth(t.adminToken), ...(payload && { payload }) });
}

interface ListAnswer {
  results: { id: number; date: string; balance: number; order: { id: number }; patient: { id: number } }[];
  count: number;
  page_size: number;
  current: number;
}

describe('invoices', () => {
  it('401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/invoices/'],
      ['GET', `/api/invoices/${a.invoiceId}`],
      ['PATCH', `/api/invoices/${a.invoiceId}/`],
      ['GET', `/api/invoice_export/${a.invoiceId}/`],
      ['POST', '/api/services-write-off/'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('GET /invoices/{id} answers the spec invoice with its services and balance', async () => {
    const res = await call('GET', `/api/invoices/${a.invoiceId}`);
    expect(res.statusCode).toBe(200);
    const inv = res.json();
    expect(Object.keys(inv).sort()).toEqual([
      'balance',
      'claim',
      'date',
      'id',
      'insurance_balance',
      'notes',
      'order',
      'patient_balance',
      'remittance_lines',
      'service_date',
      'services',
    ]);
    // No claim bills it yet (issue 31), no remittance answered one (issue 32).
    expect(inv.remittance_lines).toEqual([]);
    expect(inv.patient_balance).toBe(0);
    expect(inv.insurance_balance).toBe(inv.balance);
    expect(inv.claim).toBeNull();
    expect(inv).toMatchObject({
      id: a.invoiceId,
      date: '2026-03-02',
      notes: '',
      service_date: '2026-03-02',
      balance: 71,
      // No remittance (835) has posted on it: the whole balance is the payer's.
      insurance_balance: 71,
      patient_balance: 0,
      remittance_lines: [],
      order: {
        id: a.orderId,
        po_number: '',
        patient: { id: a.patientId, first_name: 'Marisol', last_name: a.lastName },
      },
    });
    expect(inv.services).toHaveLength(2);
    expect(inv.services[0]).toEqual({
      id: a.serviceIds[0],
      product: { id: expect.any(Number) },
      order_product: {
        order_product_name: expect.stringMatching(/^CPAP Mask/),
        order_product_reference_code: expect.any(String),
      },
      amount_remmited: 2,
      sale_price: 10,
      adjusted_sale_price: 10,
      added_percentage: false,
      outstanding: 20,
      amount_ajusted: 0,
      write_off: 0,
      tax_amount: 0,
      remitted: 0,
      patient_responsibility: 0,
      variant: { price_variant: 'General', unit_measure: 'Each' },
    });
  });

  it('the balance follows payments (invoice amount - remitted - adjusted - written off)', async () => {
    const c = await invoiced(t, { prices: ['30.00'] });
    await recordPayment(t, c.serviceIds[0], '12.34');
    expect((await call('GET', `/api/invoices/${c.invoiceId}/`)).json().balance).toBe(17.66);
    const list = (await call('GET', `/api/invoices/?search=${c.invoiceId}`)).json() as ListAnswer;
    expect(list.results.find((r) => r.id === c.invoiceId)?.balance).toBe(17.66);
  });

  it('404 for an unknown invoice or an id that is not a number', async () => {
    expect((await call('GET', '/api/invoices/999999')).statusCode).toBe(404);
    expect((await call('PATCH', '/api/invoices/999999/', { notes: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/invoice_export/999999/')).statusCode).toBe(404);
    expect((await call('GET', '/api/invoices/abc')).statusCode).toBe(404);
  });

  it('lists with search on patient name, invoice number and order number', async () => {
    const all = (await call('GET', '/api/invoices/')).json() as ListAnswer;
    expect(all.count).toBeGreaterThanOrEqual(2);
    expect(all.page_size).toBe(25);
    expect(all.current).toBe(1);
    // Newest invoice first.
    expect(all.results[0].id).toBeGreaterThan(all.results[1].id);
    const row = all.results.find((r) => r.id === a.invoiceId);
    const patient = { id: a.patientId, first_name: 'Marisol', last_name: a.lastName };
    expect(row).toEqual({
      id: a.invoiceId,
      date: '2026-03-02',
      notes: '',
      service_date: '2026-03-02',
      balance: 71,
      order: { id: a.orderId, name: expect.any(String), patient },
      patient,
    });

    const byName = (
      await call('GET', `/api/invoices/?search=${encodeURIComponent(`marisol ${a.lastName.toUpperCase()}`)}`)
    ).json() as ListAnswer;
    expect(byName.results.map((r) => r.id)).toEqual([a.invoiceId]);
    expect(byName.count).toBe(1);

    const byInvoice = (await call('GET', `/api/invoices/?search=${b.invoiceId}`)).json() as ListAnswer;
    expect(byInvoice.results.map((r) => r.id)).toContain(b.invoiceId);

    // Each invoice keeps its order (migration 0009's trigger), which the search reads.
    const stored = await t.db
      .selectFrom('invoices')
      .select('order_id')
      .where('id', '=', b.invoiceId)
      .executeTakeFirst();
    expect(stored?.order_id).toBe(b.orderId);
    const byOrder = (await call('GET', `/api/invoices/?search=${b.orderId}`)).json() as ListAnswer;
    expect(byOrder.results.map((r) => r.id)).toContain(b.invoiceId);

    const none = (await call('GET', '/api/invoices/?search=%25%25nobody_')).json() as ListAnswer;
    expect(none).toEqual({ results: [], count: 0, page_size: 25, current: 1 });
  });

  it("counts a text search's invoices exactly (the count reads them order by order)", async () => {
    for (const term of ['a', 'ma', 'marisol', a.lastName.toLowerCase()]) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM invoices i JOIN orders o ON o.id = i.order_id
         WHERE o.search_text LIKE ${`%${term}%`}`.execute(t.db);
      const answer = (await call('GET', `/api/invoices/?search=${term}&page_size=100`)).json() as ListAnswer;
      expect(answer.count, term).toBe(rows[0].n);
      expect(answer.results, term).toHaveLength(Math.min(rows[0].n, 100));
    }
  });

  it('orders and pages', async () => {
    const byDate = (await call('GET', '/api/invoices/?ordering=-date&page_size=1')).json() as ListAnswer;
    expect(byDate.results).toHaveLength(1);
    expect(byDate.results[0].date >= '2026-03-20').toBe(true);
    const page2 = (await call('GET', '/api/invoices/?ordering=date&page_size=1&page=2')).json() as ListAnswer;
    expect(page2.current).toBe(2);
    const byPatient = (await call('GET', '/api/invoices/?ordering=patient')).json() as ListAnswer;
    expect(byPatient.results.length).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/api/invoices/?ordering=__proto__')).statusCode).toBe(200);
    expect((await call('GET', '/api/invoices/?page=0')).statusCode).toBe(422);
    expect((await call('GET', '/api/invoices/?page_size=101')).statusCode).toBe(422);
  });

  it('each page is its slice of the whole ordered list, for every ordering', async () => {
    for (const ordering of ['', 'date', '-date', 'order', '-invoice', 'patient']) {
      const all = (await call('GET', `/api/invoices/?ordering=${ordering}&page_size=100`)).json() as ListAnswer;
      expect(all.results.length, ordering).toBe(all.count);
      expect(all.count).toBeGreaterThanOrEqual(2);
      const paged: number[] = [];
      for (let page = 1; page <= all.count; page += 1) {
        const one = (
          await call('GET', `/api/invoices/?ordering=${ordering}&page_size=1&page=${page}`)
        ).json() as ListAnswer;
        paged.push(...one.results.map((r) => r.id));
      }
      expect(paged, ordering).toEqual(all.results.map((r) => r.id));
      const ids = all.results.map((r) => r.id);
      const dates = all.results.map((r) => r.date);
      if (ordering === '') expect(ids).toEqual([...ids].sort((x, y) => y - x));
      if (ordering === 'date') expect(dates).toEqual([...dates].sort());
    }
  });

  it('PATCH updates notes and date (audited) and ignores other form fields', async () => {
    const res = await call('PATCH', `/api/invoices/${b.invoiceId}/`, {
      notes: 'Mailed to payer.\nSecond line',
      date: '2026-03-21',
      balance: 0,
      id: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: b.invoiceId,
      notes: 'Mailed to payer.\nSecond line',
      date: '2026-03-21',
      balance: 40,
    });
    const notesOnly = await call('PATCH', `/api/invoices/${b.invoiceId}`, { notes: 'Only notes' });
    expect(notesOnly.json()).toMatchObject({ notes: 'Only notes', date: '2026-03-21' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity', '=', 'invoice')
      .where('entity_id', '=', String(b.invoiceId))
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0].after).toEqual({ date: '2026-03-21', notes: 'Mailed to payer.\nSecond line' });
  });

  it('PATCH refuses a date that is not a date', async () => {
    for (const date of ['03/21/2026', '2026-02-30', '', 'tomorrow']) {
      const res = await call('PATCH', `/api/invoices/${b.invoiceId}/`, { date });
      expect(res.statusCode, date).toBe(422);
      expect(Object.keys(res.json())).toEqual(['date']);
    }
    expect((await call('PATCH', `/api/invoices/${b.invoiceId}/`, { notes: 'x'.repeat(20001) })).statusCode).toBe(422);
  });

  it("fills the invoice of a shipped occurrence in the patient's orders", async () => {
    const res = await call('GET', `/api/orders/patient-what-ever/${a.patientId}`);
    expect(res.statusCode).toBe(200);
    const orders = res.json() as { ocurrences: { id: number; invoice: { id: number } | null }[] }[];
    expect(orders[0].ocurrences.find((o) => o.id === a.occurrenceId)?.invoice).toEqual({ id: a.invoiceId });
    const unshipped = await invoiced(t, { ship: false });
    const other = (await call('GET', `/api/orders/patient-what-ever/${unshipped.patientId}`)).json() as {
      ocurrences: { invoice: unknown }[];
    }[];
    expect(other[0].ocurrences[0].invoice).toBeNull();
  });
});
