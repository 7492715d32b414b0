import { sql } from 'kysely';
import { shiftDate } from '@dme/shared';
import { unique, type TestContext } from './helper.ts';
import { addLine, createOrder, createPatient, createProduct, lineBody } from './factories.ts';
import { shipAndInvoice } from './billing.ts';

/**
 * An invoiced occurrence for the remittance and report tests: a patient, an order with one line
 * per price (quantity 1, one date), shipped and invoiced the way shipping does it (services
 * shipped, outstanding = total + tax, one invoice dated the day it shipped).
 */
export async function invoicedOccurrence(
  t: TestContext,
  opts: { prices: string[]; date?: string; lastName?: string; ship?: boolean; taxApplied?: boolean } = {
    prices: ['10.00'],
  },
): Promise<{ occurrenceId: number; invoiceId: number; serviceIds: number[]; patientId: number; lastName: string }> {
  const lastName = opts.lastName ?? unique('Remit');
  const date = opts.date ?? '2026-03-02';
  const patient = await createPatient(t, { last_name: lastName });
  const order = await createOrder(t, patient.id);
  for (const price of opts.prices) {
    const product = await createProduct(t, price);
    await addLine(
      t,
      order.id,
      lineBody(product, {
        recurrence_id: 5,
        quantity: 1,
        sale_price: price,
        service_date: date,
        end_date: shiftDate(date, 60, 'day'),
        tax_applied: opts.taxApplied ?? false,
      }),
    );
  }
  const occurrence = await t.db
    .selectFrom('ocurrences')
    .select('id')
    .where('order_id', '=', order.id)
    .where('date', '=', date)
    .executeTakeFirstOrThrow();
  const invoiceId = opts.ship === false ? 0 : await shipAndInvoice(t, occurrence.id, date);
  const services = await t.db
    .selectFrom('services')
    .select('id')
    .where('ocurrence_id', '=', occurrence.id)
    .orderBy('id')
    .execute();
  return {
    occurrenceId: occurrence.id,
    invoiceId,
    serviceIds: services.map((s) => s.id),
    patientId: patient.id,
    lastName,
  };
}

export async function createVendor(t: TestContext, name = unique('Payer ')): Promise<number> {
  const { id } = await t.db
    .insertInto('vendors')
    .values({ name, phone: '515-555-0100' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Invoices whose kept figures (migration 0013) differ from their services' own sums: none, after
 * any mix of shipping, posting, reverting and writing off.
 */
export async function invoicesOffTheirServices(t: TestContext): Promise<unknown[]> {
  const { rows } = await sql`
    SELECT i.id, i.amount, i.remitted, i.balance, f.amount AS s_amount, f.remitted AS s_remitted, f.balance AS s_balance
      FROM invoices i
      JOIN (SELECT ocurrence_id, coalesce(sum(total + tax_amount), 0) AS amount, coalesce(sum(remitted), 0) AS remitted,
                   coalesce(sum(outstanding), 0) AS balance
              FROM services GROUP BY ocurrence_id) f ON f.ocurrence_id = i.ocurrence_id
     WHERE (i.amount, i.remitted, i.balance) IS DISTINCT FROM (f.amount, f.remitted, f.balance)
  `.execute(t.db);
  return rows;
}
