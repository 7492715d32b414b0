import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, setupTestApp, unique, type TestContext } from '../test/helper.ts';
import { invoiced, recordPayment } from '../test/billing.ts';

let t: TestContext;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-invoice-pdf-'));

beforeAll(async () => {
  t = await setupTestApp({ SALES_TAX_RATE: '0.07' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The PDF's text as pdftotext reads it (layout kept, so columns stay on their lines). */
function pdfText(body: Buffer): string {
  const file = path.join(tmp, `${unique('inv')}.pdf`);
  fs.writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function download(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/invoice_export/${id}/`, headers: auth(t.adminToken) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${id}.pdf"`);
  return res.rawPayload;
}

describe('invoice PDF', () => {
  it('reads as an invoice: business, bill-to, insurance, facts, lines, totals and balance due', async () => {
    const inv = await invoiced(t, {
      prices: ['12.50', '100.00'],
      quantity: 3,
      date: '2026-02-14',
      lastName: unique('Ellsworth'),
      patient: { first_name: 'Harriet', address_1: '44 Walnut St', city: 'Ames', zip: '50010', state_id: 16 },
      line: { tax_applied: true },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/patients/${inv.patientId}/insurances/`,
      headers: auth(t.adminToken),
      payload: { name: 'Medicare Part B', policy_number: '1EG4-TE5-MK72' },
    });
    await t.db.updateTable('ocurrences').set({ po_number: 'PO-7781' }).where('id', '=', inv.occurrenceId).execute();
    await t.db
      .updateTable('invoices')
      .set({ notes: 'Resubmitted with CMN.' })
      .where('id', '=', inv.invoiceId)
      .execute();
    await recordPayment(t, inv.serviceIds[1], '250.00');
    await t.db
      .updateTable('services')
      .set({ write_off: sql`outstanding`, outstanding: 0 })
      .where('id', '=', inv.serviceIds[1])
      .execute();

    const text = pdfText(await download(inv.invoiceId));
    const { name, address, phone } = t.config.business;
    for (const expected of [
      name,
      address,
      `Phone ${phone}`,
      'INVOICE',
      'BILL TO',
      `Harriet ${inv.lastName}`,
      '44 Walnut St',
      'Ames, IA 50010',
      'INSURANCE',
      'Medicare Part B',
      'Policy Number 1EG4TE5MK72',
      'Reference',
      'Description',
      'Unit Price',
      'Line Total',
      'Resubmitted with CMN.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(new RegExp(`Invoice Number\\s+${inv.invoiceId}\\b`));
    expect(text).toMatch(/Invoice Date\s+02\/14\/2026/);
    expect(text).toMatch(/Date of Service\s+02\/14\/2026/);
    expect(text).toMatch(new RegExp(`Order Number\\s+${inv.orderId}\\b`));
    expect(text).toMatch(/PO Number\s+PO-7781/);
    // 3 x 12.50 = 37.50, tax 7% = 2.63 (rounded), line total 40.13; 3 x 100 = 300, tax 21, 321.
    expect(text).toMatch(/3\s+Each\s+\$12\.50\s+\$2\.63\s+\$40\.13/);
    expect(text).toMatch(/3\s+Each\s+\$100\.00\s+\$21\.00\s+\$321\.00/);
    expect(text).toMatch(/Subtotal\s+\$337\.50/);
    expect(text).toMatch(/Sales Tax\s+\$23\.63/);
    expect(text).toMatch(/Invoice Total\s+\$361\.13/);
    expect(text).toMatch(/Payments Applied\s+-\$250\.00/);
    expect(text).toMatch(/Adjustments\s+\$0\.00/);
    expect(text).toMatch(/Write-offs\s+-\$71\.00/);
    expect(text).toMatch(/Balance Due\s+\$40\.13/);
    expect(text).toContain('Page 1 of 1');
  });

  it('a patient without insurance or address still gets a clean invoice', async () => {
    const inv = await invoiced(t, { prices: ['9.99'] });
    const text = pdfText(await download(inv.invoiceId));
    expect(text).toContain('No insurance on file (self-pay)');
    expect(text).toMatch(/Balance Due\s+\$9\.99/);
  });

  it('a long invoice breaks pages and repeats the table header', async () => {
    const inv = await invoiced(t, { prices: ['5.00'], lastName: unique('Longlist') });
    const [first] = inv.serviceIds;
    await sql`
      INSERT INTO services (ocurrence_id, product_id, variant_id, date, quantity, sale_price, adjusted_sale_price,
        added_percentage, percentage, tax_applied, tax_amount, total, shipped, locked_price, product_name,
        product_reference, unit_measure, outstanding)
      SELECT ocurrence_id, product_id, variant_id, date, quantity, sale_price, adjusted_sale_price, added_percentage,
        percentage, tax_applied, tax_amount, total, shipped, locked_price, 'Line item ' || g, 'REF-' || g, unit_measure,
        outstanding
      FROM services, generate_series(2, 80) g WHERE id = ${first}
    `.execute(t.db);
    const text = pdfText(await download(inv.invoiceId));
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages.slice(0, -1)) expect(page).toMatch(/Reference\s+Description\s+Variant\s+Qty/);
    expect(pages[1]).toContain(`Invoice ${inv.invoiceId} (continued)`);
    expect(text).toContain(`Page 1 of ${pages.length}`);
    expect(text).toContain('Line item 80');
    expect(text).toMatch(/Balance Due\s+\$400\.00/);
  });
});
