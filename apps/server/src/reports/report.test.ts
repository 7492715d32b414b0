import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDateRange, todayIn } from '@dme/shared';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { createVendor, invoicedOccurrence } from '../test/remittance.ts';
import { compactKeptTotals } from '../db/kept-totals.ts';

let t: TestContext;
const today = todayIn('America/Chicago');
const lastYear = resolveDateRange('LY', today).start_date.replace(/-01$/, '-10');

beforeAll(async () => {
  t = await setupTestApp({ SALES_TAX_RATE: '0.07', OFFICE_TIME_ZONE: 'America/Chicago' });
  // A fixed office: sales today (taxed and not, shipped and not), a payment, a write-off, and
  // one sale last year.
  const vendorId = await createVendor(t);
  const taxed = await invoicedOccurrence(t, { prices: ['100.00'], date: today, taxApplied: true });
  await invoicedOccurrence(t, { prices: ['40.00'], date: today, ship: false });
  const writtenOff = await invoicedOccurrence(t, { prices: ['20.00'], date: today });
  await invoicedOccurrence(t, { prices: ['15.00'], date: lastYear });
  const check = {
    check_number: unique('R'),
    check_date: today,
    total_amount: '50.00',
    payment_method: 'Bank',
    vendor_id: vendorId,
  };
  for (const [occ, services] of [
    [taxed, [{ id: taxed.serviceIds[0], outstanding: '57.00', amount_ajusted: 0, write_off: 0 }]],
    [writtenOff, [{ id: writtenOff.serviceIds[0], outstanding: 0, amount_ajusted: 0, write_off: '20.00' }]],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/remmitance_payments/',
      headers: auth(t.adminToken),
      payload: { checks: [check], ocurrence_id: occ.occurrenceId, services },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

const report = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/end_year_report/?${query}`, headers: auth(t.adminToken) });

const thisPeriod = {
  total_sales: 160,
  taxable_sales: 100,
  sales_tax_collected: 7,
  remitted: 50,
  accounts_receivable: 97,
  write_off: 20,
  total_sales_shipped: 120,
  taxable_sales_shipped: 100,
  sales_tax_collected_shipped: 7,
  remmited_shipped: 50,
  accounts_receivable_shipped: 57,
  write_off_shipped: 20,
};
const lastYearFigures = {
  total_sales: 15,
  taxable_sales: 0,
  sales_tax_collected: 0,
  remitted: 0,
  accounts_receivable: 15,
  write_off: 0,
  total_sales_shipped: 15,
  accounts_receivable_shipped: 15,
};

describe('end of year report', () => {
  it('needs a signed-in user and a period', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/end_year_report/?date_range=CY' })).statusCode).toBe(401);
    expect((await report('start_date=2026-01-01')).statusCode).toBe(422);
    expect((await report('start_date=2026-05-01&end_date=2026-04-01')).statusCode).toBe(422);
    expect((await report('date_range=XY')).statusCode).toBe(422);
  });

  it('sums the period exactly, not accounting for and including shipping', async () => {
    const res = await report(`start_date=${today}&end_date=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ start_date: today, end_date: today, ...thisPeriod });
  });

  it('resolves each preset on the server', async () => {
    expect((await report('date_range=CY')).json()).toMatchObject(thisPeriod);
    expect((await report('date_range=CQ')).json()).toMatchObject(thisPeriod);
    const ly = (await report('date_range=LY')).json();
    expect(ly).toMatchObject({ ...lastYearFigures, ...resolveDateRange('LY', today) });
    const lq = (await report('date_range=LQ')).json();
    expect(lq).toMatchObject(resolveDateRange('LQ', today));
    // The preset wins over dates sent with it.
    expect((await report(`date_range=CY&start_date=2001-01-01&end_date=2001-01-02`)).json()).toMatchObject(thisPeriod);
  });

  it('counts nothing in an empty period', async () => {
    const res = await report('start_date=2001-01-01&end_date=2001-12-31');
    expect(res.json()).toMatchObject({ total_sales: 0, accounts_receivable: 0, remmited_shipped: 0 });
  });
});

describe('day totals behind the report', () => {
  const wholeRange = 'start_date=2000-01-01&end_date=2099-12-31';
  /** The report's figures computed straight from every service: what the day totals must equal. */
  async function fromServices() {
    const { rows } = await sql<Record<string, string>>`
      SELECT
        coalesce(sum(total), 0) AS total_sales,
        coalesce(sum(total) FILTER (WHERE tax_applied), 0) AS taxable_sales,
        coalesce(sum(tax_amount), 0) AS sales_tax_collected,
        coalesce(sum(remitted), 0) AS remitted,
        coalesce(sum(total + tax_amount - remitted - amount_ajusted - write_off), 0) AS accounts_receivable,
        coalesce(sum(write_off), 0) AS write_off,
        coalesce(sum(total) FILTER (WHERE shipped), 0) AS total_sales_shipped,
        coalesce(sum(total) FILTER (WHERE shipped AND tax_applied), 0) AS taxable_sales_shipped,
        coalesce(sum(tax_amount) FILTER (WHERE shipped), 0) AS sales_tax_collected_shipped,
        coalesce(sum(remitted) FILTER (WHERE shipped), 0) AS remmited_shipped,
        coalesce(sum(total + tax_amount - remitted - amount_ajusted - write_off) FILTER (WHERE shipped), 0)
          AS accounts_receivable_shipped,
        coalesce(sum(write_off) FILTER (WHERE shipped), 0) AS write_off_shipped
      FROM services WHERE date BETWEEN '2000-01-01' AND '2099-12-31'
    `.execute(t.db);
    return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  }
  async function expectExact() {
    expect((await report(wholeRange)).json()).toMatchObject(await fromServices());
    expect(await compactKeptTotals(t.db)).toBeGreaterThanOrEqual(0);
    expect((await report(wholeRange)).json()).toMatchObject(await fromServices());
  }

  it('equal the services own sums through inserts, updates, moves and deletes, compacted or not', async () => {
    await expectExact();
    const extra = await invoicedOccurrence(t, { prices: ['33.33', '66.67'], date: '2024-02-29', taxApplied: true });
    await expectExact();
    // A change of price, of shipped state and of day, in one statement and across days.
    await sql`UPDATE services SET total = total + 1.11, shipped = NOT shipped, date = date + 1
              WHERE id = ANY(${extra.serviceIds})`.execute(t.db);
    await expectExact();
    // A statement that changes no figure appends nothing.
    const before = await t.db
      .selectFrom('service_day_deltas')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await sql`UPDATE services SET updated_at = now() WHERE id = ANY(${extra.serviceIds})`.execute(t.db);
    const after = await t.db
      .selectFrom('service_day_deltas')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    await sql`DELETE FROM services WHERE id = ${extra.serviceIds[0]}`.execute(t.db);
    await expectExact();
  });

  it('compaction folds every delta once, even when two run at the same time', async () => {
    await invoicedOccurrence(t, { prices: ['12.34'], date: today });
    const folded = await Promise.all([compactKeptTotals(t.db), compactKeptTotals(t.db)]);
    expect(folded.some((n) => n > 0)).toBe(true);
    const left = await t.db
      .selectFrom('service_day_deltas')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(left.n).toBe(0);
    expect((await report(wholeRange)).json()).toMatchObject(await fromServices());
  });
});
