import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { occurrenceDates, todayWire } from '@dme/shared';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { seedDemoOrders, seedManyOrders } from '../db/seed/orders.ts';
import { createPatient, createProduct } from '../test/factories.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
  for (let i = 0; i < 12; i++) await createPatient(t);
  for (let i = 0; i < 4; i++) await createProduct(t, `${10 + i}.25`);
});
afterAll(async () => {
  await t.close();
});

/** Every line's services fall exactly on its recurrence dates, each on its order's occurrence of that date. */
async function expectConsistent() {
  const lines = await t.db.selectFrom('order_products').selectAll().execute();
  const services = await t.db
    .selectFrom('services as s')
    .innerJoin('ocurrences as o', 'o.id', 's.ocurrence_id')
    .select([
      's.order_product_id',
      's.date',
      'o.date as occurrence_date',
      'o.order_id',
      's.shipped',
      'o.shipped as occurrence_shipped',
      's.total',
      's.quantity',
      's.sale_price',
    ])
    .execute();
  for (const l of lines) {
    const mine = services.filter((s) => s.order_product_id === l.id);
    expect(mine.map((s) => s.date).sort()).toEqual(occurrenceDates(l.service_date, l.end_date, l.recurrence_id));
    for (const s of mine) {
      expect(s.order_id).toBe(l.order_id);
      expect(s.occurrence_date).toBe(s.date);
      expect(s.shipped).toBe(s.occurrence_shipped);
    }
  }
  const empty = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ocurrences o WHERE NOT EXISTS (SELECT 1 FROM services s WHERE s.ocurrence_id = o.id)
  `.execute(t.db);
  expect(empty.rows[0].n).toBe(0);
}

describe('demo orders', () => {
  it('gives about half of the patients an order with recurring lines around today', async () => {
    await seedDemoOrders(t.db);
    const orders = await t.db.selectFrom('orders').select(['id', 'patient_id']).execute();
    expect(orders).toHaveLength(6);
    await expectConsistent();
    const today = todayWire();
    const occ = await t.db.selectFrom('ocurrences').selectAll().execute();
    expect(occ.some((o) => o.date < today && o.shipped && o.shipped_date !== null)).toBe(true);
    expect(occ.some((o) => o.date > today && !o.shipped)).toBe(true);
    expect(
      occ.filter((o) => o.shipped).every((o) => o.date < today && o.eligibility_toggle && o.customer_approved),
    ).toBe(true);
    const recurrences = await t.db.selectFrom('order_products').select('recurrence_id').distinct().execute();
    expect(recurrences.map((r) => r.recurrence_id).sort()).toEqual(expect.arrayContaining([1, 3]));
    const expirations = await t.db.selectFrom('expirations').selectAll().execute();
    expect(expirations.length).toBeGreaterThan(0);
    expect(expirations.some((e) => e.yellow && e.yellow_date !== null)).toBe(true);
    const admin = await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const notes = await t.db.selectFrom('call_notes').selectAll().execute();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((n) => n.user_id === admin.id)).toBe(true);
  });
});

describe('many orders', () => {
  it('set-based: every other patient without an order gets 1-2 monthly lines over 12 months', async () => {
    await sql`
      INSERT INTO patients (first_name, last_name) SELECT 'Load', 'Patient ' || g FROM generate_series(1, 400) AS g
    `.execute(t.db);
    const before = await t.db
      .selectFrom('orders')
      .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(max(id), 0)::int`.as('max')])
      .executeTakeFirstOrThrow();
    const created = await seedManyOrders(t.db, { months: 12, taxRate: 0.05 });
    expect(created).toBe(Math.ceil((412 - before.n) / 2));
    await expectConsistent();
    const perLine = await sql<{ lines: number; twelve: number; orders: number }>`
      SELECT count(*)::int AS lines, count(*) FILTER (WHERE n = 12)::int AS twelve, count(DISTINCT order_id)::int AS orders
      FROM (SELECT l.id, l.order_id, (SELECT count(*) FROM services s WHERE s.order_product_id = l.id) AS n
            FROM order_products l WHERE l.order_id > ${before.max} AND l.recurrence_id = 1) x
    `.execute(t.db);
    expect(perLine.rows[0].orders).toBe(created);
    expect(perLine.rows[0].twelve).toBe(perLine.rows[0].lines);
    expect(perLine.rows[0].lines).toBeGreaterThan(created);
    // Totals are exact: quantity x price, tax 5% only on taxed lines.
    const wrong = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM services s JOIN ocurrences o ON o.id = s.ocurrence_id
      WHERE o.order_id > ${before.max}
        AND (s.total <> round(s.sale_price * s.quantity, 2)
             OR s.tax_amount <> CASE WHEN s.tax_applied THEN round(s.total * 0.05, 2) ELSE 0 END)
    `.execute(t.db);
    expect(wrong.rows[0].n).toBe(0);
  });
});
