import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';
import { api, isoDay } from './support/api.ts';

/**
 * A patient (not called before delivery) with an order whose one-time lines fall on `dates`,
 * each occurrence made eligible through the Check Eligibility call, as the office does first.
 */
/**
 * The link of the newest large batch on List Batch Print (newest first: the first row under the
 * header), named `name`. A retry's earlier batch of the same dates has the same name further down.
 */
function newestBatchLink(page: Page, name: string) {
  return page.getByRole('table', { name: 'List Batch Print' }).getByRole('row').nth(1).getByRole('link', { name });
}

async function eligibleOccurrences(page: Page, lastName: string, dates: string[]): Promise<number[]> {
  const { data: patient } = await api<{ data: { id: number } }>(page, 'POST', '/patients/', {
    first_name: 'Iris',
    last_name: lastName,
    state_id: 16,
    address_1: '42 Prairie Lane',
    city: 'Ankeny',
    zip: '50023',
    phone: '515-555-0177',
  });
  const product = await api<{ id: number; variants: { id: number }[] }>(page, 'POST', '/products/', {
    name: `Compression stockings ${lastName} ${dates[0]}`,
    internal_code: `CS-${lastName}-${dates[0]}`,
    type_id: 1,
    variants: [
      { price_variant: 'General', sale_price: '24.00', cost_price: '9.00', unit_measure: 'Pack', description: '' },
    ],
  });
  const order = await api<{ id: number }>(page, 'POST', '/orders/', {
    patient_id: patient.id,
    delivery_id: 1,
    name: `Stockings ${lastName}`,
  });
  for (const date of dates) {
    const end = new Date(`${date}T12:00:00`);
    end.setDate(end.getDate() + 40);
    await api(page, 'POST', `/orders/${order.id}/products/`, {
      product_id: product.id,
      variant: product.variants[0].id,
      recurrence_id: 5,
      quantity: 3,
      sale_price: '24.00',
      percentage: null,
      added_percentage: false,
      service_date: date,
      end_date: end.toISOString().slice(0, 10),
      tax_applied: false,
      nutritional: false,
    });
  }
  const detail = await api<{ ocurrences: { id: number; date: string }[] }>(page, 'GET', `/orders/${order.id}/`);
  const occurrences = [...detail.ocurrences].sort((a, b) => a.date.localeCompare(b.date));
  for (const o of occurrences) await api(page, 'PATCH', `/check-eligibility/${o.id}/`, { eligibility_toggle: true });
  return occurrences.map((o) => o.id);
}

/** The downloaded PDF's text and page count (pdftotext, pdfinfo). */
async function readDownload(download: Download): Promise<{ text: string; pages: number }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dme-ship-')), download.suggestedFilename());
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? 0);
  return { text, pages };
}

const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test('print a ticket, mark it shipped, print a batch and a large batch, and download it', async ({ page }) => {
  test.setTimeout(120_000);
  const lastName = uniqueName('Shipley');
  const dates = [isoDay(21), isoDay(22), isoDay(23), isoDay(24)];
  await signIn(page);
  const ids = await eligibleOccurrences(page, lastName, dates);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Shipping Status' }).click();
  await expect(page).toHaveURL(/\/shipping-status\/$/);
  const table = page.getByRole('table', { name: 'Shipping Status' });
  await searchList(page.getByRole('textbox', { name: 'Search' }), table, lastName);
  const rowOf = (date: string) => table.getByRole('row').filter({ hasText: mmddyyyy(date) });
  await expect(table.getByRole('row').filter({ hasText: lastName })).toHaveCount(4);
  await expect(rowOf(dates[0]).getByRole('img', { name: 'Eligibility: yes' })).toBeVisible();
  await expect(rowOf(dates[0]).getByRole('img', { name: 'Customer Approved: not needed' })).toBeVisible();

  // Print Service: the ticket opens in the preview and downloads under the spec's name.
  const name = `Iris ${lastName}`;
  await expect(page.getByRole('switch', { name: `Shipped ${name} ${mmddyyyy(dates[0])}` })).toBeDisabled();
  await page.getByRole('button', { name: `Print Service ${name} ${mmddyyyy(dates[0])}`, exact: true }).click();
  const preview = page.getByRole('dialog', { name: `Print shipping ticket: ${name}` });
  await expect(preview.locator('iframe[title^="Shipping ticket"]')).toBeAttached();
  const ticketDownload = page.waitForEvent('download', {
    predicate: (d) => d.suggestedFilename() === `shipping-status-${ids[0]}.pdf`,
  });
  await preview.getByRole('button', { name: 'Download' }).click();
  const ticket = await readDownload(await ticketDownload);
  expect(ticket.pages).toBe(1);
  expect(ticket.text).toContain(name);
  expect(ticket.text).toContain(`Compression stockings ${lastName}`.slice(0, 30));
  expect(ticket.text).toMatch(/\b3\s+Pack\s+General/);
  await preview.getByRole('button', { name: 'Close' }).click();

  // The ticket is stamped: admin created it, Print is off, Re Print and Shipped are on.
  await expect(rowOf(dates[0])).toContainText('admin');
  await expect(
    page.getByRole('button', { name: `Print Service ${name} ${mmddyyyy(dates[0])}`, exact: true }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: `Re Print Service ${name} ${mmddyyyy(dates[0])}` })).toBeEnabled();
  const shipped = page.getByRole('switch', { name: `Shipped ${name} ${mmddyyyy(dates[0])}` });
  await shipped.click();
  await expect(page.getByText('Shipped successfully')).toBeVisible();
  await expect(shipped).toBeChecked();
  await expect(rowOf(dates[0])).toContainText(mmddyyyy(isoDay(0)));
  await expect(page.getByRole('button', { name: `Re Print Service ${name} ${mmddyyyy(dates[0])}` })).toBeDisabled();

  // Batch print: the dialog states the count, then the batch's PDF downloads.
  await page.getByRole('button', { name: 'Batch print', exact: true }).click();
  const batchDialog = page.getByRole('dialog', { name: 'Batch print', exact: true });
  await expect(batchDialog.getByText('3 records available for print.')).toBeVisible();
  await batchDialog.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(batchDialog.getByText('3 tickets marked Printed.')).toBeVisible();
  // Named by the list's dates: it opens on today and the next 30 days.
  const batchName = `shipping-status-${isoDay(0)}-${isoDay(30)}.pdf`;
  const batchDownload = page.waitForEvent('download', { predicate: (d) => d.suggestedFilename() === batchName });
  await batchDialog.getByRole('button', { name: 'Download' }).click();
  const batch = await readDownload(await batchDownload);
  expect(batch.pages).toBe(3);
  for (const id of ids.slice(1)) expect(batch.text).toContain(`Ticket #${id}`);
  await batchDialog.getByRole('button', { name: 'Close' }).click();
  await expect(table.getByRole('row').filter({ hasText: lastName }).filter({ hasText: 'admin' })).toHaveCount(4);

  // Large batch print: two more records, rendered in the background, downloaded from the Large Batch View.
  const more = [isoDay(25), isoDay(26)];
  const moreIds = await eligibleOccurrences(page, lastName, more);
  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: lastName })).toHaveCount(6);
  await page.getByRole('button', { name: 'Large Batch print' }).click();
  const largeDialog = page.getByRole('dialog', { name: 'Large Batch print' });
  await expect(largeDialog.getByText('2 records available for print.')).toBeVisible();
  await expect(largeDialog.getByText('Review the Large Batch Print screen in about 2 seconds.')).toBeVisible();
  await largeDialog.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page).toHaveURL(/\/batch_shipping_status\/$/);
  await expect(page.getByRole('heading', { name: 'List Batch Print', level: 1 })).toBeVisible();
  const largeName = batchName;
  const link = newestBatchLink(page, largeName);
  await expect(link).toBeVisible({ timeout: 30_000 });
  const largeDownload = page.waitForEvent('download', { predicate: (d) => d.suggestedFilename() === largeName });
  await link.click();
  const large = await readDownload(await largeDownload);
  expect(large.pages).toBe(2);
  for (const id of moreIds) expect(large.text).toContain(`Ticket #${id}`);

  // The large batch is listed in the menu too.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Large Batch Print' }).click();
  await expect(newestBatchLink(page, largeName)).toBeVisible();
});
