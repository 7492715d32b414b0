import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimCreateResult, ClaimDetail, Invoice, Page, ReadyClaimRow } from '@dme/shared';
import { auth, setupTestApp, type TestContext } from '../test/helper.ts';
import { completeSettings, createPayer } from '../test/claims.ts';
import {
  get,
  occurrence,
  postDelivery,
  readPdf,
  ticket,
  ticketPrintedAt,
  type OccurrenceFixture,
} from '../test/shipping.ts';
import { read837 } from '../lib/x12/read-837.ts';

/**
 * A recorded delivery's date is the date of service billed (issue 34): on the invoice, its PDF
 * and the claim's lines (DTP*472), in place of the occurrence's scheduled date.
 */

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: auth(t.adminToken), payload });

/** An occurrence of 05/01/2026 ticketed on 04/30 and delivered on 05/03 at 10:30 in the office. */
async function delivered(): Promise<OccurrenceFixture & { invoiceId: number }> {
  const o = await occurrence(t, { date: '2026-05-01', prices: ['120.00'] });
  await ticket(t, o.id);
  await ticketPrintedAt(t, o.id, '2026-04-30T15:00:00Z');
  const res = await postDelivery(t, o.id, { delivered_at: '2026-05-03 10:30' });
  expect(res.statusCode, res.body).toBe(201);
  return { ...o, invoiceId: res.json<{ invoice_id: number }>().invoice_id };
}

describe('the date of service of a delivered occurrence', () => {
  it('is the delivery date on the invoice and its PDF', async () => {
    const o = await delivered();
    const invoice = (await get(t, `/api/invoices/${o.invoiceId}/`)).json<Invoice>();
    expect([invoice.date, invoice.service_date]).toEqual(['2026-05-03', '2026-05-03']);
    const listed = (await get(t, `/api/invoices/?search=${o.lastName}`)).json<Page<{ service_date: string }>>();
    expect(listed.results.map((r) => r.service_date)).toEqual(['2026-05-03']);
    const pdf = await get(t, `/api/invoice_export/${o.invoiceId}/`);
    expect(pdf.statusCode).toBe(200);
    const { text } = readPdf(pdf.rawPayload);
    expect(text).toMatch(/Date of Service\s+05\/03\/2026/);
    expect(text).not.toContain('05/01/2026');
  });

  it("is the occurrence's own date when it shipped with the switch", async () => {
    const o = await occurrence(t, { date: '2026-05-01' });
    await ticket(t, o.id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/shipping-status/${o.id}/`,
      headers: auth(t.adminToken),
      payload: { shipped: true, eligibility_toggle: true },
    });
    const { results } = (await get(t, `/api/invoices/?search=${o.lastName}`)).json<Page<{ service_date: string }>>();
    expect(results.map((r) => r.service_date)).toEqual(['2026-05-01']);
  });

  it("is the delivery date on the claim's lines and in the 837 (DTP*472)", async () => {
    await completeSettings(t);
    const o = await delivered();
    // A commercial payer (not Medicare): no standard written order is asked for.
    const payer = await createPayer(t, { claim_filing_indicator: 'CI' });
    await t.db
      .insertInto('patient_insurances')
      .values({
        patient_id: o.patientId,
        name: payer.name,
        policy_number: 'W123456789',
        vendor_id: payer.id,
        priority: 1,
      })
      .execute();
    await t.db
      .insertInto('patient_diagnoses')
      .values({ patient_id: o.patientId, text: 'Sleep apnea', code: 'G4733' })
      .execute();
    await t.db
      .updateTable('patients')
      .set({ gender: 'Female', physician_name: 'Dr. Alan Brooks', physician_npi: '1234567893' })
      .where('id', '=', o.patientId)
      .execute();
    await t.db
      .updateTable('products')
      .set({ hcpcs_code: 'E0601', modifiers: ['NU'] })
      .where('id', 'in', t.db.selectFrom('services').select('product_id').where('ocurrence_id', '=', o.id))
      .execute();

    const ready = (await get(t, `/api/claims/ready/?search=${o.invoiceId}&page_size=100`)).json<Page<ReadyClaimRow>>();
    const row = ready.results.find((r) => r.invoice_id === o.invoiceId);
    expect(row).toMatchObject({ service_date: '2026-05-03', invoice_date: '2026-05-03', problems: [] });

    const created = (await post('/api/claims/', { invoice_ids: [o.invoiceId] })).json<ClaimCreateResult>().created;
    expect(created).toHaveLength(1);
    const detail = (await get(t, `/api/claims/${created[0]!.id}/`)).json<ClaimDetail>();
    expect(detail.lines.map((l) => [l.date_from, l.date_to])).toEqual([['2026-05-03', '2026-05-03']]);

    const batch = await post('/api/claim_batches/', { claim_ids: [created[0]!.id] });
    expect(batch.statusCode, batch.body).toBe(201);
    const file = await get(t, `/api/claim_batches/${batch.json<{ id: number }>().id}/file/`);
    expect(file.body).toContain('DTP*472*D8*20260503~');
    expect(read837(file.body).claims).toHaveLength(1);
  });
});
