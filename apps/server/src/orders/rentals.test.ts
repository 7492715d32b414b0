import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimCreateResult, PatientRental, Service } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { addLine, createOrder, createPatient, createProduct, getOrder, lineBody } from '../test/factories.ts';
import { completeSettings, readyInvoice } from '../test/claims.ts';
import { shipAndInvoice } from '../test/billing.ts';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A product billed as `hcpcs` in `category` (set by hand, as for an item the schedule does not list). */
async function rentedProduct(hcpcs: string, category: string | null, price = '50.00') {
  const product = await createProduct(t, price);
  await t.db
    .updateTable('products')
    .set({ hcpcs_code: hcpcs, modifiers: [], payment_category: category })
    .where('id', '=', product.id)
    .execute();
  return product;
}

async function services(orderId: number): Promise<Service[]> {
  return (await getOrder(t, orderId)).services as unknown as Service[];
}

async function rentals(patientId: number): Promise<PatientRental[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/patients/${patientId}/rentals/`,
    headers: auth(t.adminToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json<PatientRental[]>();
}

describe('the rental ledger', () => {
  it('a CPAP rented 15 months: months 1 to 13 with RR and KH/KI/KJ, no charge after 13, owned the month after', async () => {
    const patient = await createPatient(t);
    const product = await rentedProduct('E0601', 'CR');
    const order = await createOrder(t, patient.id);
    const line = await addLine(
      t,
      order.id,
      lineBody(product, {
        recurrence_id: 1,
        quantity: 1,
        sale_price: 50,
        service_date: '2026-01-05',
        end_date: '2027-03-05',
      }),
    );
    expect(line).toMatchObject({ rental: true, rental_start_month: 1 });
    const list = await services(order.id);
    expect(list.map((s) => s.rental_month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(list[0]!.modifiers).toEqual(['RR', 'KH']);
    expect(list[1]!.modifiers).toEqual(['RR', 'KI']);
    expect(list[2]!.modifiers).toEqual(['RR', 'KI']);
    for (const s of list.slice(3, 13)) expect(s.modifiers).toEqual(['RR', 'KJ']);
    expect(list.slice(0, 13).every((s) => s.billable && s.total === 50)).toBe(true);
    expect(list.slice(13).every((s) => !s.billable && s.total === 0)).toBe(true);
    expect(list[11]!.rental_note).toBe('Month 12 of 13: ownership transfers on 02/05/2027');
    expect(list[13]!.rental_note).toBe('Owned by the patient since 02/05/2027');

    const [rental] = await rentals(patient.id);
    expect(rental).toMatchObject({ hcpcs: 'E0601', cap: 13, order_id: order.id });
  });

  it('a patient transferred from another supplier starts at the month the clerk enters', async () => {
    const patient = await createPatient(t);
    const product = await rentedProduct('K0001', 'CR', '30.00');
    const order = await createOrder(t, patient.id);
    await addLine(
      t,
      order.id,
      lineBody(product, {
        quantity: 1,
        rental: true,
        rental_start_month: 5,
        service_date: '2026-02-01',
        end_date: '2026-06-01',
      }),
    );
    const list = await services(order.id);
    expect(list.map((s) => s.rental_month)).toEqual([5, 6, 7, 8, 9]);
    expect(list.every((s) => s.modifiers.join(' ') === 'RR KJ')).toBe(true);
  });

  it('a break of 61 days starts a new period at month 1; 60 days continue the count', async () => {
    const patient = await createPatient(t);
    const product = await rentedProduct('E0260', 'CR', '40.00');
    const first = await createOrder(t, patient.id);
    await addLine(t, first.id, lineBody(product, { quantity: 1, service_date: '2026-01-01', end_date: '2026-02-01' }));
    // Month 2 began 2026-02-01 and ended 2026-03-01: 60 days later is 2026-04-30.
    const second = await createOrder(t, patient.id);
    await addLine(t, second.id, lineBody(product, { quantity: 1, service_date: '2026-04-30', end_date: '2026-05-30' }));
    expect((await services(second.id)).map((s) => s.rental_month)).toEqual([3, 4]);
    const other = await createPatient(t);
    const a = await createOrder(t, other.id);
    await addLine(t, a.id, lineBody(product, { quantity: 1, service_date: '2026-01-01', end_date: '2026-02-01' }));
    const b = await createOrder(t, other.id);
    await addLine(t, b.id, lineBody(product, { quantity: 1, service_date: '2026-05-01', end_date: '2026-06-01' }));
    expect((await services(b.id)).map((s) => s.rental_month)).toEqual([1, 2]);
  });

  it('oxygen is paid 36 months, then furnished without payment; a purchase has no month', async () => {
    const patient = await createPatient(t);
    const oxygen = await rentedProduct('E1390', 'OX', '97.57');
    const order = await createOrder(t, patient.id);
    await addLine(
      t,
      order.id,
      lineBody(oxygen, {
        quantity: 1,
        rental_start_month: 35,
        rental: true,
        service_date: '2026-01-10',
        end_date: '2026-03-10',
      }),
    );
    const supply = await rentedProduct('A7030', 'SU', '20.00');
    await addLine(
      t,
      order.id,
      lineBody(supply, { quantity: 1, recurrence_id: 5, service_date: '2026-01-10', end_date: '2026-02-10' }),
    );
    const list = await services(order.id);
    const ox = list.filter((s) => s.product.id === oxygen.id);
    expect(ox.map((s) => [s.rental_month, s.billable, s.modifiers.join(' ')])).toEqual([
      [35, true, 'RR'],
      [36, true, 'RR'],
      [37, false, 'RR'],
    ]);
    expect(ox[2]!.rental_note).toBe('Furnished without payment, month 37 of 60');
    const bought = list.find((s) => s.product.id === supply.id)!;
    expect(bought).toMatchObject({ rental_month: null, billable: true, rental_note: '' });
  });

  it('404 for the rentals of a patient that does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/patients/99999999/rentals/',
      headers: auth(t.adminToken),
    });
    expect(res.statusCode).toBe(404);
  });

  it("a rental month's claim carries its modifiers and the month's dates; past the cap there is no claim line", async () => {
    await completeSettings(t);
    const ready = await readyInvoice(t, { hcpcs: 'E0601', modifiers: [] });
    await t.db.updateTable('products').set({ payment_category: 'CR' }).where('hcpcs_code', '=', 'E0601').execute();
    const product = await rentedProduct('E0601', 'CR', '50.00');
    const order = await createOrder(t, ready.patientId);
    await addLine(
      t,
      order.id,
      lineBody(product, {
        quantity: 1,
        rental_start_month: 13,
        rental: true,
        service_date: '2026-01-05',
        end_date: '2026-02-05',
      }),
    );
    const detail = await getOrder(t, order.id);
    const [month13, month14] = detail.ocurrences;
    const invoice13 = await shipAndInvoice(t, month13!.id, '2026-01-05');
    const invoice14 = await shipAndInvoice(t, month14!.id, '2026-02-05');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/claims/',
      headers: auth(t.adminToken),
      payload: { invoice_ids: [invoice13, invoice14] },
    });
    const result = res.json<ClaimCreateResult>();
    expect(result.created.map((c) => c.invoice_id)).toEqual([invoice13]);
    // Month 14 bills nothing: its one service is past the cap, with no charge.
    expect(result.refused.map((r) => r.invoice_id)).toEqual([invoice14]);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/claim_batches/',
      headers: auth(t.adminToken),
      payload: { claim_ids: [result.created[0]!.id] },
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/claim_batches/${batch.json<{ id: number }>().id}/file/`,
      headers: auth(t.adminToken),
    });
    expect(file.body).toContain('SV1*HC:E0601:RR:KJ*10*UN*1');
    expect(file.body).toContain('DTP*472*RD8*20260105-20260204');
  });
});
