import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { invoicedOccurrence, invoicesOffTheirServices } from '../remittance/test-fixtures.ts';
import { compactKeptTotals, keptInvoiceCount } from './kept-totals.ts';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const deltasOf = async (orderId: number) =>
  (
    await t.db
      .selectFrom('invoice_count_deltas')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).n;

it('counts all invoices and a search’s, exactly, before and after a compaction', async () => {
  const a = await invoicedOccurrence(t, { prices: ['10.00'] });
  await invoicedOccurrence(t, { prices: ['5.00'], lastName: a.lastName });
  await invoicedOccurrence(t, { prices: ['7.00'], ship: false, lastName: a.lastName });
  const pattern = `%${a.lastName.toLowerCase()}%`;
  const before = {
    all: await keptInvoiceCount(t.db, 'invoices', null),
    open: await keptInvoiceCount(t.db, 'open_invoices', null),
    mine: await keptInvoiceCount(t.db, 'invoices', pattern),
  };
  expect(before.mine).toBe(2);
  expect(await compactKeptTotals(t.db)).toBeGreaterThan(0);
  expect({
    all: await keptInvoiceCount(t.db, 'invoices', null),
    open: await keptInvoiceCount(t.db, 'open_invoices', null),
    mine: await keptInvoiceCount(t.db, 'invoices', pattern),
  }).toEqual(before);
  expect(await invoicesOffTheirServices(t)).toEqual([]);
});

// PGlite has a single connection: a second transaction cannot hold a lock beside the compaction.
it.skipIf(!process.env.TEST_DATABASE_URL)(
  'skips an order a transaction holds (no wait, no deadlock) and folds it on the next run',
  async () => {
    const occ = await invoicedOccurrence(t, { prices: ['12.00'] });
    const { order_id: orderId } = await t.db
      .selectFrom('invoices')
      .select('order_id')
      .where('id', '=', occ.invoiceId)
      .executeTakeFirstOrThrow();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute();
      locked();
      await released;
    });
    await isLocked;
    await compactKeptTotals(t.db);
    expect(await deltasOf(orderId)).toBeGreaterThan(0);
    expect(await keptInvoiceCount(t.db, 'invoices', `%${occ.lastName.toLowerCase()}%`)).toBe(1);
    release();
    await holder;
    await compactKeptTotals(t.db);
    expect(await deltasOf(orderId)).toBe(0);
    expect(await invoicesOffTheirServices(t)).toEqual([]);
  },
);
