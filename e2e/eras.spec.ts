import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';
import { answer835, billedClaim } from './support/eras.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test("a clerk imports a payer's 835, reads what it posted, works the denial and reverts the remittance", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  const paid = await billedClaim(page, uniqueName('Remitted'));
  const denied = await billedClaim(page, uniqueName('Refused'));
  const trace = `E2E${Date.now()}`;
  const text = answer835(
    [
      { claim: paid, denied: false },
      { claim: denied, denied: true },
    ],
    trace,
  );
  // What the payer's file says of the paid claim: 80% of an allowed 80%, the rest CO-45 and PR-2.
  const charge = paid.lines.reduce((s, l) => s + Math.round(l.charge * 100), 0);
  const allowed = paid.lines.reduce((s, l) => s + Math.round(Math.round(l.charge * 100) * 0.8), 0);
  const payment = paid.lines.reduce((s, l) => s + Math.round(Math.round(Math.round(l.charge * 100) * 0.8) * 0.8), 0);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Remittance Files' }).click();
  await expect(page.getByRole('heading', { name: 'Remittance Files', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Upload 835' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload 835' });
  await dialog
    .getByLabel('835 file')
    .setInputFiles({ name: 'noridian.835', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const summary = dialog.getByRole('table', { name: 'Imported remittances' });
  await expect(summary.getByRole('row').filter({ hasText: trace })).toContainText(dollars(payment));
  // The same file again is refused: a payment posts once.
  await dialog
    .getByLabel('835 file')
    .setInputFiles({ name: 'noridian.835', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('This remittance was already imported')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The list, then the remittance: the claims, lines and adjustments in plain words.
  const list = page.getByRole('table', { name: 'Remittance Files' });
  await searchList(page.getByRole('textbox', { name: 'Search' }), list, trace);
  await list.getByRole('link', { name: trace }).click();
  await expect(page.getByRole('heading', { name: `Remittance ${trace}` })).toBeVisible();
  const paidClaim = page.getByRole('region', { name: `Claim ${paid.claimNumber}` });
  await expect(paidClaim.getByText('CO-45', { exact: false }).first()).toBeVisible();
  await expect(paidClaim.getByText(/Contractual obligation/).first()).toBeVisible();
  await expect(paidClaim.getByText(/Coinsurance/).first()).toBeVisible();
  const deniedClaim = page.getByRole('region', { name: `Claim ${denied.claimNumber}` });
  await expect(deniedClaim.getByText('Denied').first()).toBeVisible();
  await expect(deniedClaim.getByText('M51', { exact: false }).first()).toBeVisible();

  // The invoice splits its balance: the coinsurance is the patient's.
  await page.goto(`/invoices/${paid.invoiceId}`);
  await expect(page.getByRole('status', { name: 'Patient balance' })).toHaveText(
    `Patient balance${dollars(allowed - payment)}`,
  );
  await expect(page.getByRole('status', { name: 'Insurance balance' })).toHaveText('Insurance balance$0.00');
  await expect(page.getByRole('table', { name: 'Remittances' }).getByRole('link', { name: trace })).toBeVisible();
  expect(charge).toBeGreaterThan(allowed);

  // Denials: the refused line, in words; appeal it with a note.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Denials' }).click();
  await expect(page.getByRole('heading', { name: 'Denials', level: 1 })).toBeVisible();
  const denials = page.getByRole('table', { name: 'Denials' });
  const row = denials.getByRole('row').filter({ hasText: denied.claimNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/CO-16/);
  await row.getByRole('button', { name: new RegExp(`^Appeal ${denied.claimNumber}`) }).click();
  const appeal = page.getByRole('dialog');
  await appeal.getByRole('textbox', { name: 'Note' }).fill('Sent the signed order by fax');
  await appeal
    .getByRole('button', { name: /Appeal|Save/ })
    .last()
    .click();
  await expect(row).toContainText('Appealed');

  // Revert the remittance: everything it posted goes back.
  await page.goto('/remittance-files');
  await searchList(page.getByRole('textbox', { name: 'Search' }), list, trace);
  await list.getByRole('link', { name: trace }).click();
  await page.getByRole('button', { name: 'Revert' }).click();
  await page.getByRole('dialog', { name: 'Revert remittance' }).getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByRole('button', { name: 'Revert' })).toBeDisabled();
  await page.goto(`/invoices/${paid.invoiceId}`);
  await expect(page.getByRole('status', { name: 'Patient balance' })).toHaveText('Patient balance$0.00');
});
