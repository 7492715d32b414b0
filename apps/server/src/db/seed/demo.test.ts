import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupTestApp, type TestContext } from '../../test/helper.ts';
import { seedDemoOffice } from './demo.ts';
import { heldCondition } from '../../lib/holds-sql.ts';
import { holdsFor } from '../../lib/holds.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
  await seedDemoOffice(t.db, {
    passwordHash: 'not-a-real-hash',
    log: t.app.log,
    files: { storage: t.app.ctx.storage, timeZone: 'America/Chicago' },
  });
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

  it('has documents, a hold this week with its reasons, a released hold, a signed delivery, and no ticket for a held occurrence', async () => {
    const week = await sql<{ id: number }>`
      SELECT oc.id FROM ocurrences oc
      WHERE oc.date BETWEEN current_date AND current_date + 6 AND NOT oc.shipped AND ${heldCondition('oc')}`.execute(
      t.db,
    );
    expect(week.rows.length).toBeGreaterThan(0);
    const holds = await holdsFor(
      t.db,
      week.rows.map((r) => r.id),
    );
    expect([...holds.values()].every((h) => h.holds.length > 0)).toBe(true);
    const ticketed = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ocurrences oc WHERE oc.ticket_created IS NOT NULL AND NOT oc.shipped
        AND ${heldCondition('oc')}`.execute(t.db);
    expect(ticketed.rows[0]!.n).toBe(0);
    const types = await sql<{ type: string }>`SELECT DISTINCT type FROM documents ORDER BY type`.execute(t.db);
    expect(types.rows.map((r) => r.type)).toEqual([
      'face_to_face',
      'prior_authorization',
      'proof_of_delivery',
      'standard_written_order',
    ]);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM hold_releases`.execute(t.db)).rows[0]!.n).toBe(1);
    // One delivery signed this week, shipped, with its proof.
    const delivered = await sql<{ shipped: boolean }>`
      SELECT oc.shipped FROM documents d JOIN ocurrences oc ON oc.id = d.ocurrence_id
      WHERE d.type = 'proof_of_delivery' AND d.delivered_at IS NOT NULL AND d.signature_key IS NOT NULL`.execute(t.db);
    expect(delivered.rows).toEqual([{ shipped: true }]);
  });
});
