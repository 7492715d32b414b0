import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { createOrder } from '../test/factories.ts';
import { invoicedOccurrence, invoicesOffTheirServices } from '../test/remittance.ts';

/**
 * What an invoice copies from its occurrence (migration 0030): its order and figures when it is
 * created, and its order again when the occurrence moves to another order, for every writer.
 */

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const invoiceOf = (id: number) =>
  t.db.selectFrom('invoices').select(['order_id', 'amount', 'balance']).where('id', '=', id).executeTakeFirstOrThrow();

it('fills a new invoice with its order and figures, and follows its occurrence to another order', async () => {
  const occ = await invoicedOccurrence(t, { prices: ['10.00', '2.50'] });
  const { order_id: orderId } = await t.db
    .selectFrom('ocurrences')
    .select('order_id')
    .where('id', '=', occ.occurrenceId)
    .executeTakeFirstOrThrow();
  expect(await invoiceOf(occ.invoiceId)).toEqual({ order_id: orderId, amount: '12.50', balance: '12.50' });

  const other = await createOrder(t, occ.patientId);
  await sql`UPDATE ocurrences SET order_id = ${other.id} WHERE id = ${occ.occurrenceId}`.execute(t.db);
  expect((await invoiceOf(occ.invoiceId)).order_id).toBe(other.id);
  expect(await invoicesOffTheirServices(t)).toEqual([]);
});
