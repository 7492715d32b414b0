import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download } from '@playwright/test';
import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';
import { api, isoDay, shippedOccurrences } from './support/api.ts';

/** The downloaded PDF's text (pdftotext, layout kept). */
async function pdfText(download: Download): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dme-invoice-')), download.suggestedFilename());
  await download.saveAs(file);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('a shipped occurrence has its invoice: list, download, preview, write off, update', async ({ page }) => {
  test.setTimeout(120_000);
  const lastName = uniqueName('Invoicey');
  await signIn(page);
  const { patientId } = await shippedOccurrences(page, { lastName, dates: [isoDay(3)], price: '42.50' });
  const orders = await api<{ ocurrences: { invoice: { id: number } | null }[] }[]>(
    page,
    'GET',
    `/orders/patient-what-ever/${patientId}`,
  );
  const invoiceId = orders[0].ocurrences[0].invoice?.id;
  expect(invoiceId).toBeTruthy();

  // The patient's Orders tab prints the invoice of the shipped occurrence.
  await page.goto(`/patients/${patientId}`);
  await page.getByRole('tab', { name: 'Orders' }).click();
  const card = page.getByRole('listitem', { name: `Order Supplies ${lastName}` });
  await card.getByRole('button', { name: `Expand order Supplies ${lastName}` }).click();
  const fromTab = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Print invoice Ocurrence #1' }).click();
  expect((await fromTab).suggestedFilename()).toBe(`invoice-${invoiceId}.pdf`);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices\/$/);
  const table = page.getByRole('table', { name: 'Invoices' });
  await searchList(page.getByRole('textbox', { name: 'Search' }), table, lastName);
  const row = table.getByRole('row').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(invoiceId));
  await expect(row.getByRole('cell').nth(4)).toHaveText('$42.50');
  await expect(row.getByRole('link', { name: `Remy ${lastName}` })).toHaveAttribute('href', `/patients/${patientId}`);

  const listDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download invoice ${invoiceId}` }).click();
  const fromList = await listDownload;
  expect(fromList.suggestedFilename()).toBe(`invoice-${invoiceId}.pdf`);
  const text = await pdfText(fromList);
  expect(text).toContain('INVOICE');
  expect(text).toContain(`Remy ${lastName}`);
  expect(text).toMatch(new RegExp(`Invoice Number\\s+${invoiceId}\\b`));
  expect(text).toMatch(/Balance Due\s+\$42\.50/);

  await row.getByRole('link', { name: `Edit invoice ${invoiceId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoiceId}$`));
  await expect(page.getByRole('textbox', { name: 'Patient' })).toHaveValue(`Remy ${lastName}`);
  await expect(page.getByRole('textbox', { name: 'Invoice Number' })).toHaveValue(String(invoiceId));
  const balance = page.getByRole('status', { name: 'Balance Due' });
  await expect(balance).toContainText('$42.50');
  // The preview, below the form, at most 900 px wide.
  const preview = page.locator(`iframe[title="Invoice ${invoiceId}"]`);
  await expect(preview).toBeVisible();
  expect((await preview.boundingBox())?.width ?? 0).toBeLessThanOrEqual(900);
  const previewDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await previewDownload).suggestedFilename()).toBe(`invoice-${invoiceId}.pdf`);

  await page.getByRole('button', { name: 'Write Off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write Off' });
  const ok = dialog.getByRole('button', { name: 'Ok' });
  await expect(ok).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /^Write off Nebulizer kit/ }).check();
  await expect(dialog.getByRole('row').filter({ hasText: 'Totals' })).toContainText('$42.50');
  await ok.click();
  await expect(page.getByText('Services updated sucessfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(balance).toContainText('$0.00');

  await page.getByRole('textbox', { name: 'Invoice Notes' }).fill('Balance written off: patient hardship.');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('The invoice was updated succesfully')).toBeVisible();
  // Update goes back to where the invoice was opened from.
  await expect(page).toHaveURL(/\/invoices\/$/);
  const after = await api<{ notes: string; balance: number }>(page, 'GET', `/invoices/${invoiceId}`);
  expect(after).toMatchObject({ notes: 'Balance written off: patient hardship.', balance: 0 });
});

test('create, find, edit and delete a vendor', async ({ page }) => {
  const name = uniqueName('Prairie Mutual ');
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Vendors' }).click();
  await expect(page).toHaveURL(/\/vendors$/);
  await expect(page.getByRole('textbox', { name: 'Search' })).toBeFocused();

  await page.getByRole('link', { name: 'New Vendor' }).click();
  await expect(page).toHaveURL(/\/vendors\/create$/);
  const create = page.getByRole('button', { name: 'Create Vendor' });
  await expect(create).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Phone' }).fill('5155550199');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('515-555-0199');
  await create.click();
  await expect(page.getByText('The vendor has been created!')).toBeVisible();
  await expect(page).toHaveURL(/\/vendors$/);

  const vendors = page.getByRole('table', { name: 'Vendors' });
  await searchList(page.getByRole('textbox', { name: 'Search' }), vendors, name.toUpperCase());
  const row = vendors.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/vendor\/\d+$/);
  const phone = page.getByRole('textbox', { name: 'Phone Number' });
  await expect(phone).toHaveValue('515-555-0199');
  await phone.fill('515-555-0123');
  await page.getByRole('button', { name: 'Update Vendor' }).click();
  await expect(page.getByText('The vendor has been updated!')).toBeVisible();

  await page.getByRole('link', { name: 'Back to Vendors' }).click();
  await searchList(page.getByRole('textbox', { name: 'Search' }), vendors, '555-0123');
  const edited = vendors.getByRole('row').filter({ hasText: name });
  await expect(edited).toContainText('515-555-0123');
  await edited.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to delete?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('The vendor has been deleted!')).toBeVisible();
  await expect(page.getByText("THERE AREN'T VENDORS")).toBeVisible();
});
