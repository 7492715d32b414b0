import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { shiftDate, todayWire } from '@dme/shared';
import dayjs from 'dayjs';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { seedDemoOrders } from '../db/seed/orders.ts';
import { seedDemoShipping } from '../db/seed/shipping.ts';
import { invoiceShippedOccurrences } from '../db/seed/invoices.ts';
import { createPatient, createProduct } from '../test/factories.ts';
import { occurrence } from '../test/shipping.ts';

let t: TestContext;
const today = todayWire();
/** A day of this month before yesterday, when there is one (not on the 1st or the 2nd). */
const earlierThisMonth = dayjs(today).date() >= 3 ? shiftDate(today, -2, 'day') : null;
let earlierOccurrence = 0;

beforeAll(async () => {
  t = await setupTestApp();
  for (let i = 0; i < 16; i++) await createPatient(t);
  for (let i = 0; i < 4; i++) await createProduct(t, `${12 + i}.40`);
  await seedDemoOrders(t.db);
  // Two printable occurrences this week at least (Friday and Saturday, never shipped by the seed).
  const weekEnd = shiftDate(today, 6 - dayjs(today).day(), 'day');
  await occurrence(t, { date: shiftDate(weekEnd, -1, 'day') });
  await occurrence(t, { date: weekEnd });
  if (earlierThisMonth) earlierOccurrence = (await occurrence(t, { date: earlierThisMonth })).id;
  // Everything of this month and this week is eligible, as the work queues would leave part of it.
  await t.db.updateTable('ocurrences').set({ eligibility_toggle: true }).execute();
  await seedDemoShipping(t.db);
  // As the demo office does next: the orders seed ships older occurrences in bulk.
  await invoiceShippedOccurrences(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('demo shipping', () => {
  const weekStart = shiftDate(today, -dayjs(today).day(), 'day');
  const weekEnd = shiftDate(weekStart, 6, 'day');

  it('leaves this week with tickets to reprint and records still available for a batch', async () => {
    const week = await t.db
      .selectFrom('ocurrences')
      .select(['ticket_created', 'shipped'])
      .where('date', '>=', weekStart)
      .where('date', '<=', weekEnd)
      .where('shipped', '=', false)
      .execute();
    expect(week.some((o) => o.ticket_created !== null)).toBe(true);
    expect(week.some((o) => o.ticket_created === null)).toBe(true);
  });

  it('ships earlier this month through the ship function (ticket, services shipped, one invoice)', async () => {
    if (!earlierThisMonth) return;
    // The first candidate of the month is always shipped (the seed leaves every fourth one).
    const shipped = await t.db
      .selectFrom('ocurrences as o')
      .innerJoin('invoices as i', 'i.ocurrence_id', 'o.id')
      .innerJoin('audit_log as a', (join) =>
        join
          .on('a.entity', '=', 'invoice')
          .on('a.action', '=', 'create')
          .on(sql`a.entity_id`, '=', sql`i.id::text`),
      )
      .select(['o.id', 'o.date', 'o.shipped_date', 'o.ticket_created', 'i.date as invoice_date'])
      .where('o.date', '>=', `${today.slice(0, 8)}01`)
      .execute();
    expect(shipped.length).toBeGreaterThan(0);
    for (const o of shipped) {
      expect(o.shipped_date).toBe(shiftDate(o.date, 1, 'day'));
      expect(o.invoice_date).toBe(o.shipped_date);
      expect(o.ticket_created).not.toBeNull();
    }
    expect(earlierOccurrence).toBeGreaterThan(0);
  });

  it('ships with its invoice: no shipped occurrence without one, dated the day it shipped', async () => {
    const orphans = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ocurrences o
      WHERE o.shipped AND o.date >= ${`${today.slice(0, 8)}01`}
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.ocurrence_id = o.id AND i.date = o.shipped_date)
    `.execute(t.db);
    expect(orphans.rows[0].n).toBe(0);
    const shippedServices = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM services s JOIN invoices i ON i.ocurrence_id = s.ocurrence_id
      WHERE NOT s.shipped OR s.outstanding IS DISTINCT FROM s.total + s.tax_amount
    `.execute(t.db);
    expect(shippedServices.rows[0].n).toBe(0);
  });
});
