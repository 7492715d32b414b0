import fs from 'node:fs';
import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';
import { billablePatient } from './support/claims.ts';

test('a clerk fixes what the scrubber names, creates the claim, sends the batch and downloads the 837P', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const lastName = uniqueName('Claimant');
  await signIn(page);
  await billablePatient(page, lastName);

  // Ready to Bill names the one thing missing: the product's HCPCS code, linked to its field.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Claims' }).click();
  await page.getByRole('tablist', { name: 'Claims lists' }).getByRole('tab', { name: 'Ready to Bill' }).click();
  // The list being left has a Search box too: type once the new one is on screen.
  await expect(page).toHaveURL(/\/claims\/ready$/);
  await expect(page.getByRole('heading', { name: 'Ready to Bill', level: 1 })).toBeVisible();
  const ready = page.getByRole('table', { name: 'Ready to Bill' });
  await searchList(page.getByRole('textbox', { name: 'Search' }), ready, lastName);
  const row = ready.getByRole('row').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  const problem = row.getByRole('link', { name: /add its HCPCS code \(Products\)$/ });
  await expect(problem).toHaveCount(1);
  await problem.click();
  await expect(page).toHaveURL(/\/products\/\d+\?field=hcpcs_code$/);
  const hcpcs = page.getByRole('textbox', { name: 'HCPCS code' });
  await expect(hcpcs).toBeFocused();
  await hcpcs.fill('E0570');
  await expect(page.getByText(/Nebulizer, with compressor/i)).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('The product has been updated!')).toBeVisible();

  // Now the invoice is ready: create its claim.
  await page.goto('/claims/ready');
  await searchList(page.getByRole('textbox', { name: 'Search' }), ready, lastName);
  await expect(row.getByText('Ready', { exact: true })).toBeVisible();
  const invoiceCell = await row.getByRole('checkbox').getAttribute('aria-label');
  const invoiceId = Number(invoiceCell?.replace('Select invoice ', ''));
  await row.getByRole('checkbox', { name: `Select invoice ${invoiceId}` }).check();
  await page.getByRole('button', { name: 'Create claims (1)' }).click();
  await expect(page.getByText('1 claim created', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  // The claim waits in Claims as Created; batch it.
  await page.getByRole('tablist', { name: 'Claims lists' }).getByRole('tab', { name: 'Claims' }).click();
  await expect(page).toHaveURL(/\/claims$/);
  await expect(page.getByRole('heading', { name: 'Claims', level: 1 })).toBeVisible();
  const claims = page.getByRole('table', { name: 'Claims' });
  await searchList(page.getByRole('textbox', { name: 'Search' }), claims, lastName);
  const claimNumber = `${invoiceId}-1`;
  const claimRow = claims.getByRole('row').filter({ hasText: claimNumber });
  await expect(claimRow.getByText('Created', { exact: true })).toBeVisible();
  await claimRow.getByRole('checkbox', { name: `Select claim ${claimNumber}` }).check();
  await page.getByRole('button', { name: /^Create batch/ }).click();
  await expect(page.getByText('Batch created with 1 claim', { exact: true })).toBeVisible();
  await expect(claimRow.getByText('Submitted', { exact: true })).toBeVisible();

  // The batch's file downloads as claims-{id}.837 and holds the claim.
  await page.getByRole('tablist', { name: 'Claims lists' }).getByRole('tab', { name: 'Claim Batches' }).click();
  const batches = page.getByRole('table', { name: 'Claim Batches' });
  const download = page.waitForEvent('download');
  await batches
    .getByRole('button', { name: /^Download claims-\d+\.837$/ })
    .first()
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^claims-\d+\.837$/);
  const text = fs.readFileSync((await file.path())!, 'latin1');
  expect(text.startsWith('ISA*')).toBe(true);
  expect(text).toContain(`CLM*${claimNumber}*42.5`);
  expect(text).toContain('SV1*HC:E0570');
  expect(text).toContain('NM1*PR*2*');

  // The claim's detail shows its line and history; the invoice shows its claim.
  await page.goto('/claims');
  await expect(claims.getByRole('row').nth(1)).toBeVisible();
  await searchList(page.getByRole('textbox', { name: 'Search' }), claims, lastName);
  await claimRow.getByRole('link', { name: claimNumber }).click();
  await expect(page.getByRole('heading', { name: new RegExp(claimNumber) })).toBeVisible();
  await expect(page.getByText('E0570').first()).toBeVisible();
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByRole('link', { name: claimNumber })).toBeVisible();
});
