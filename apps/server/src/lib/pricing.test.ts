import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Service } from '@dme/shared';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { addLine, createOrder, createProduct, getOrder, lineBody } from '../test/factories.ts';
import { readyInvoice } from '../test/claims.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * A schedule in force from `effective`, with E0601 RR (line 747 of the shipped DMEPOS_JAN.csv:
 * IA non-rural 49.37, rural 94.93) at `fee` in every state the test uses.
 */
async function schedule(effective: string, fee: [string, string], ruralZip?: string): Promise<void> {
  const { id } = await t.db
    .insertInto('fee_schedules')
    .values({ effective_date: effective, quarter: effective.slice(0, 7), source: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('fee_schedule_rows')
    .values({
      schedule_id: id,
      hcpcs: 'E0601',
      modifier_1: 'RR',
      category: 'CR',
      description: 'Continuous airway pressure device',
      fees: JSON.stringify({ IA: fee }),
    })
    .execute();
  if (ruralZip)
    await t.db.insertInto('fee_schedule_rural_zips').values({ schedule_id: id, zip: ruralZip, state: 'IA' }).execute();
}

async function rentalServices(zip = '50309'): Promise<{ services: Service[]; vendorId: number }> {
  const ready = await readyInvoice(t, { patient: { zip }, hcpcs: 'E0570' });
  await t.db
    .updateTable('patients')
    .set({ state_id: sql<number>`(SELECT id FROM usa_states WHERE abbreviation = 'IA')` })
    .where('id', '=', ready.patientId)
    .execute();
  const product = await createProduct(t, '80.00');
  await t.db.updateTable('products').set({ hcpcs_code: 'E0601', modifiers: [] }).where('id', '=', product.id).execute();
  const order = await createOrder(t, ready.patientId);
  await addLine(
    t,
    order.id,
    lineBody(product, {
      quantity: 1,
      rental: true,
      sale_price: 80,
      service_date: '2026-01-05',
      end_date: '2026-04-05',
    }),
  );
  return { services: (await getOrder(t, order.id)).services as unknown as Service[], vendorId: ready.payer.id };
}

describe('expected allowed amounts', () => {
  beforeAll(async () => {
    await schedule('2026-01-01', ['49.37', '94.93'], '52001');
  });

  it('Medicare pricing: the state fee for months 1 to 3, 75 % of it for month 4; rural ZIPs the rural fee', async () => {
    const { services } = await rentalServices();
    expect(services.map((s) => s.expected_allowed)).toEqual([49.37, 49.37, 49.37, 37.03]);
    const rural = await rentalServices('52001');
    expect(rural.services.map((s) => s.expected_allowed)).toEqual([94.93, 94.93, 94.93, 71.2]);
  });

  it('a percent of Medicare, or the payer’s own list in force on the date', async () => {
    const percent = await rentalServices();
    await t.db
      .updateTable('vendors')
      .set({ pricing: 'percent_of_medicare', pricing_percent: '80' })
      .where('id', '=', percent.vendorId)
      .execute();
    const again = await getOrder(
      t,
      (
        await t.db
          .selectFrom('ocurrences')
          .select('order_id')
          .where('id', '=', percent.services[0]!.ocurrence_id)
          .executeTakeFirstOrThrow()
      ).order_id,
    );
    expect((again.services as unknown as Service[]).map((s) => s.expected_allowed)).toEqual([39.5, 39.5, 39.5, 29.62]);

    const listed = await rentalServices();
    await t.db.updateTable('vendors').set({ pricing: 'price_list' }).where('id', '=', listed.vendorId).execute();
    await t.db
      .insertInto('vendor_prices')
      .values([
        { vendor_id: listed.vendorId, hcpcs: 'E0601', modifiers: ['RR'], price: '45.00', effective_date: '2026-01-01' },
        { vendor_id: listed.vendorId, hcpcs: 'E0601', modifiers: ['RR'], price: '40.00', effective_date: '2026-03-01' },
      ])
      .execute();
    const orderId = (
      await t.db
        .selectFrom('ocurrences')
        .select('order_id')
        .where('id', '=', listed.services[0]!.ocurrence_id)
        .executeTakeFirstOrThrow()
    ).order_id;
    const priced = (await getOrder(t, orderId)).services as unknown as Service[];
    expect(priced.map((s) => s.expected_allowed)).toEqual([45, 45, 40, 30]);
  });

  it('a newer fee schedule changes the expected amounts of later services only', async () => {
    const before = await rentalServices();
    await schedule('2026-03-01', ['60.00', '99.00']);
    const orderId = (
      await t.db
        .selectFrom('ocurrences')
        .select('order_id')
        .where('id', '=', before.services[0]!.ocurrence_id)
        .executeTakeFirstOrThrow()
    ).order_id;
    const after = (await getOrder(t, orderId)).services as unknown as Service[];
    expect(after.map((s) => s.expected_allowed)).toEqual([49.37, 49.37, 60, 45]);
  });
});
