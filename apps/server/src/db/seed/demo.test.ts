import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupTestApp, type TestContext } from '../../test/helper.ts';
import { seedDemoOffice } from './demo.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
  await seedDemoOffice(t.db, { passwordHash: 'not-a-real-hash', log: t.app.log });
}, 180_000);
afterAll(async () => {
  await t.close();
});

/**
 * The first run's demo office (`npm start` on a fresh database): every area has work to show,
 * the insurance money path included, made through the code a clerk's requests run.
 */
describe('the demo office', () => {
  it('has claims ready and sent, a remittance file posted, a denial waiting and rentals at different months', async () => {
    const count = async (query: string) =>
      Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.n);
    expect(await count(`SELECT count(*) AS n FROM claims WHERE status = 'submitted'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM claims WHERE status = 'created'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM claims WHERE status IN ('paid', 'partially_paid')`)).toBeGreaterThan(
      0,
    );
    expect(await count(`SELECT count(*) AS n FROM eras WHERE status = 'posted' AND unmatched_total = 0`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM denials WHERE status = 'open'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM services WHERE patient_responsibility > 0`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM invoices WHERE balance > 0 AND NOT claim_open`)).toBeGreaterThan(0);
    // Rentals at different months, some near the cap or past it (issue 33).
    expect(
      await count(`SELECT count(DISTINCT rental_month) AS n FROM services WHERE rental_month IS NOT NULL`),
    ).toBeGreaterThan(2);
    expect(await count(`SELECT count(*) AS n FROM services WHERE rental_month >= 11`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM services WHERE modifiers @> '{RR,KH}'`)).toBeGreaterThan(0);
  });
});
