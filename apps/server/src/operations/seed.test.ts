import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallCustomerRow, CallEligibilityRow, CheckEligibilityRow, ExpirationRow, Page } from '@dme/shared';
import { isCompleted, shiftDate, todayWire } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { seedDemoPatients } from '../db/seed/patients.ts';
import { seedDemoProducts } from '../db/seed/products.ts';
import { seedDemoOrders } from '../db/seed/orders.ts';
import { seedDemoOperations, seedManyExpirations } from '../db/seed/operations.ts';
import { weekOf } from './expirations.ts';

let t: TestContext;
const thisWeek = weekOf(todayWire());
const nextWeek = { start: shiftDate(thisWeek.start, 7, 'day'), end: shiftDate(thisWeek.end, 7, 'day') };
const q = (r: { start: string; end: string }) => `start_date=${r.start}&end_date=${r.end}&page_size=100`;

beforeAll(async () => {
  t = await setupTestApp();
  await seedDemoPatients(t.db);
  await seedDemoProducts(t.db);
  await seedDemoOrders(t.db);
  await seedDemoOperations(t.db);
});
afterAll(async () => {
  await t.close();
});

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: auth(t.adminToken) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

describe('demo work queues', () => {
  it('Call Patients has work this week and next: both kinds of patient, several with two or more contacts, some approved', async () => {
    for (const week of [thisWeek, nextWeek]) {
      const page = await get<Page<CallCustomerRow>>(`/api/call-customers/?${q(week)}`);
      expect(page.count).toBeGreaterThan(3);
      const rows = page.results;
      expect(rows.some((r) => r.order.patient.call_before_delivery)).toBe(true);
      expect(rows.some((r) => !r.order.patient.call_before_delivery)).toBe(true);
      expect(rows.some((r) => r.customer_approved)).toBe(true);
      expect(rows.some((r) => !r.customer_approved)).toBe(true);
    }
    const rows = (await get<Page<CallCustomerRow>>(`/api/call-customers/?${q(thisWeek)}`)).results;
    const manyContacts = new Set(
      rows.filter((r) => r.order.patient.contact_person.length >= 2).map((r) => r.order.patient.id),
    );
    expect(manyContacts.size).toBeGreaterThanOrEqual(2);
  });

  it('Check Eligibility and Call Patient w Eligibility have eligible and not eligible occurrences', async () => {
    for (const week of [thisWeek, nextWeek]) {
      const rows = (await get<Page<CheckEligibilityRow>>(`/api/check-eligibility/?${q(week)}`)).results;
      expect(rows.some((r) => r.eligibility_toggle)).toBe(true);
      expect(rows.some((r) => !r.eligibility_toggle)).toBe(true);
      const all = await get<Page<CallEligibilityRow>>(
        `/api/call-patient-eligibility/?${q(week)}&hidden_completed=false`,
      );
      const open = await get<Page<CallEligibilityRow>>(`/api/call-patient-eligibility/?${q(week)}`);
      expect(open.count).toBeGreaterThan(0);
      expect(open.count).toBeLessThan(all.count);
      expect(open.results.every((r) => !isCompleted(r, r.order.patient))).toBe(true);
    }
    const alerts = (
      await get<Page<CallEligibilityRow>>(`/api/call-patient-eligibility/?${q(thisWeek)}&hidden_completed=false`)
    ).results.map((r) => r.alert);
    expect(alerts).toContain('red');
    expect(alerts.some((a) => a !== 'red')).toBe(true);
  });

  it('Expirations has green, yellow and red rows this week on the Waiver False tab, and rows on Waiver True', async () => {
    const rows = (await get<Page<ExpirationRow>>(`/api/expirations/?${q(thisWeek)}&waiver=false`)).results;
    const colors = new Set(rows.map((r) => r.color));
    expect([...colors].sort()).toEqual(['green', 'red', 'yellow']);
    for (const r of rows) {
      const inWeek = (d: string | null) => d !== null && thisWeek.start <= d && d <= thisWeek.end;
      expect(inWeek(r.date) || (r.yellow && inWeek(r.yellow_date))).toBe(true);
    }
    const waiver = (await get<Page<ExpirationRow>>(`/api/expirations/?${q(thisWeek)}`)).results;
    expect(waiver.length).toBeGreaterThan(0);
    expect((await get<Page<ExpirationRow>>(`/api/expirations/?${q(nextWeek)}&waiver=false`)).count).toBeGreaterThan(0);
  });

  it('the bulk expirations seeder adds one expiration to every fourth order without one', async () => {
    const before = await t.db
      .selectFrom('expirations')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const added = await seedManyExpirations(t.db);
    expect(added).toBeGreaterThan(0);
    const after = await t.db
      .selectFrom('expirations')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(added);
    expect(await seedManyExpirations(t.db)).toBe(0);
  });
});
