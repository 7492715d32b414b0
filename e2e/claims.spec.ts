import fs from 'node:fs';
import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';
import { api, isoDay, shippedOccurrences } from './support/api.ts';

const SETTINGS = {
  organization_name: 'Prairie Home Medical',
  npi: '1234567893',
  tax_id: '421234567',
  taxonomy_code: '332B00000X',
  address_1: '100 Main St',
  address_2: '',
  city: 'Des Moines',
  state: 'IA',
  zip: '503091234',
  phone: '5155550100',
  submitter_name: 'Prairie Home Medical',
  submitter_id: 'PHM001',
  submitter_contact_name: 'Ada Admin',
  submitter_contact_phone: '5155550101',
  receiver_name: 'Noridian DME',
  receiver_id: 'NORIDIAN',
  production: false,
};

test('a clerk fixes what the scrubber names, creates the claim, sends the batch and downloads the 837P', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const lastName = uniqueName('Claimant');
  await signIn(page);
  await api(page, 'PUT', '/settings/billing/', SETTINGS);
  const payer = await api<{ id: number; name: string }>(page, 'POST', '/vendors/', {
    name: `Medicare DME ${lastName}`,
    phone: '701-555-0100',
    payer_id: 'DMEJD',
    claim_filing_indicator: 'MB',
  });
  const { patientId } = await shippedOccurrences(page, { lastName, dates: [isoDay(-2)], price: '42.50' });
  await api(page, 'PATCH', `/patients/${patientId}/`, {
    birthdate: '1948-03-12',
    gender: 'Female',
    address_1: '1420 Grand Ave',
    city: 'Des Moines',
    zip: '50309',
    physician_name: 'Dr. Alan Brooks',
    physician_npi: '1234567893',
  });
  await api(page, 'POST', `/patients/${patientId}/insurances/`, {
    name: '',
    policy_number: '1EG4TE5MK72',
    vendor_id: payer.id,
    priority: 1,
  });
  await api(page, 'POST', `/patients/${patientId}/diagnostics/`, { text: 'COPD', code: 'J44.9' });

  // Ready to Bill names the one thing missing: the product's HCPCS code, linked to its field.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Claims' }).click();
  await page.getByRole('navigation', { name: 'Claims lists' }).getByRole('tab', { name: 'Ready to Bill' }).click();
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
  await expect(page.getByText('1 claim created')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The claim waits in Claims as Created; batch it.
  await page.getByRole('navigation', { name: 'Claims lists' }).getByRole('tab', { name: 'Claims' }).click();
  const claims = page.getByRole('table', { name: 'Claims' });
  await searchList(page.getByRole('textbox', { name: 'Search' }), claims, lastName);
  const claimNumber = `${invoiceId}-1`;
  const claimRow = claims.getByRole('row').filter({ hasText: claimNumber });
  await expect(claimRow.getByText('Created', { exact: true })).toBeVisible();
  await claimRow.getByRole('checkbox', { name: `Select claim ${claimNumber}` }).check();
  await page.getByRole('button', { name: /^Create batch/ }).click();
  await expect(page.getByText('Batch created with 1 claim')).toBeVisible();
  await expect(claimRow.getByText('Submitted', { exact: true })).toBeVisible();

  // The batch's file downloads as claims-{id}.837 and holds the claim.
  await page.getByRole('navigation', { name: 'Claims lists' }).getByRole('tab', { name: 'Claim Batches' }).click();
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
  await searchList(page.getByRole('textbox', { name: 'Search' }), claims, lastName);
  await claimRow.getByRole('link', { name: claimNumber }).click();
  await expect(page.getByRole('heading', { name: new RegExp(claimNumber) })).toBeVisible();
  await expect(page.getByText('E0570').first()).toBeVisible();
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByRole('link', { name: claimNumber })).toBeVisible();
});
