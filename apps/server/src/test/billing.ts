import { sql } from 'kysely';
import { unique, type TestContext } from './helper.ts';
import { addLine, createOrder, createPatient, createProduct, lineBody } from './factories.ts';

/**
 * Test data of the billing area: an occurrence shipped and invoiced the way the shipping area
 * does it (services shipped, outstanding = total + tax, one invoice dated the day it shipped),
 * written directly to the database.
 */

export interface InvoicedFixture {
  invoiceId: number;
  occurrenceId: number;
  orderId: number;
  patientId: number;
  lastName: string;
  serviceIds: number[];
}

export async function shipAndInvoice(t: TestContext, occurrenceId: number, shippedDate: string): Promise<number> {
  await t.db
    .updateTable('ocurrences')
    .set({ shipped: true, shipped_date: shippedDate, eligibility_toggle: true, ticket_created: new Date() })
    .where('id', '=', occurrenceId)
    .execute();
  await t.db
    .updateTable('services')
    .set({ shipped: true, outstanding: sql`total + tax_amount` })
    .where('ocurrence_id', '=', occurrenceId)
    .execute();
  const { id } = await t.db
    .insertInto('invoices')
    .values({ ocurrence_id: occurrenceId, date: shippedDate })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A patient with an order of one line per price (One Time, on `date`), shipped and invoiced unless `ship` is false. */
export async function invoiced(
  t: TestContext,
  opts: {
    prices?: string[];
    quantity?: number;
    date?: string;
    lastName?: string;
    ship?: boolean;
    patient?: Record<string, unknown>;
    line?: Record<string, unknown>;
  } = {},
): Promise<InvoicedFixture> {
  const lastName = opts.lastName ?? unique('Billing');
  const date = opts.date ?? '2026-03-02';
  const patient = await createPatient(t, { last_name: lastName, ...opts.patient });
  const order = await createOrder(t, patient.id);
  for (const price of opts.prices ?? ['10.00']) {
    const product = await createProduct(t, price);
    await addLine(
      t,
      order.id,
      lineBody(product, {
        recurrence_id: 5,
        quantity: opts.quantity ?? 1,
        sale_price: price,
        service_date: date,
        end_date: '2026-12-31',
        ...opts.line,
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
    invoiceId,
    occurrenceId: occurrence.id,
    orderId: order.id,
    patientId: patient.id,
    lastName,
    serviceIds: services.map((s) => s.id),
  };
}

/** Records a payment on a service as a remittance posting leaves it (remitted up, outstanding down). */
export async function recordPayment(t: TestContext, serviceId: number, amount: string): Promise<void> {
  await t.db
    .updateTable('services')
    .set({ remitted: sql`remitted + ${amount}::numeric`, outstanding: sql`outstanding - ${amount}::numeric` })
    .where('id', '=', serviceId)
    .execute();
}

/** A check of `vendorId`, inserted directly (the remittance area posts them). */
export async function insertCheck(t: TestContext, vendorId: number): Promise<number> {
  const { id } = await t.db
    .insertInto('checks')
    .values({
      vendor_id: vendorId,
      check_number: unique('CHK'),
      check_date: '2026-03-10',
      total_amount: '100.00',
      payment_method: 'Bank',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
