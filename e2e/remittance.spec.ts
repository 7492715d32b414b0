import type { Locator, Page } from '@playwright/test';
import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';
import { api, isoDay, shippedOccurrences, typeDate, typedDate } from './support/api.ts';

async function pick(page: Page, scope: Locator, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openPayment(page: Page, lastName: string, rowCount: number): Promise<Locator> {
  await page.goto('/remittance/');
  const table = page.getByRole('table', { name: 'Remittance' });
  await searchList(page.getByLabel('Search patient or invoice'), table, lastName);
  const rows = table.getByRole('row').filter({ hasText: lastName });
  await expect(rows).toHaveCount(rowCount);
  await rows
    .first()
    .getByRole('button', { name: /Remittance payment for invoice/ })
    .click();
  return page.getByRole('dialog', { name: 'Remittance Payment' });
}

/** The Remitted figure of the "Not accounting for shipping" table. */
async function remittedFigure(page: Page): Promise<number> {
  const cell = page.getByRole('table', { name: 'Not accounting for shipping' }).getByRole('row', { name: /^Remitted/ });
  const text = (await cell.getByRole('cell').last().textContent()) ?? '';
  return Number(text.replace(/[$,]/g, ''));
}

/**
 * Signs in as a new office user. The saved check of the payment dialog is each user's own, so a
 * fresh user (and a retried attempt) starts without one.
 */
async function signInAsNewClerk(page: Page): Promise<void> {
  await signIn(page);
  const username = uniqueName('clerk');
  const password = 'Clerk-Pass-2026';
  await api(page, 'POST', '/users/', {
    username,
    email: `${username}@example.org`,
    password,
    role_id: 2,
    is_active: true,
    profile: { first_name: 'Rita', last_name: 'Clerk', birthdate: '1980-04-02' },
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, username, password);
}

test('post a check across two occurrences with Next Check, revert one payment, see balances and the report change', async ({
  page,
}) => {
  await signInAsNewClerk(page);
  const lastName = uniqueName('Remit');
  const vendor = uniqueName('Wellmark BCBS ');
  await api(page, 'POST', '/vendors/', { name: vendor, phone: '515-555-0177' });
  await shippedOccurrences(page, { lastName, dates: [isoDay(-30), isoDay(-20)], price: '60.00' });

  // The report before any payment, for a period that holds both dates of service.
  await page.goto('/end_year_report/');
  const filters = page.locator('main');
  await typeDate(page, filters, /^Start Date/, typedDate(isoDay(-45)));
  await typeDate(page, filters, /^End Date/, typedDate(isoDay(0)));
  const remittedBefore = await remittedFigure(page);

  // First occurrence: a new check, entire remit.
  const checkA = uniqueName('CHK');
  let dialog = await openPayment(page, lastName, 2);
  // At 1024 px every column of the services table shows without scrolling sideways.
  await page.setViewportSize({ width: 1024, height: 768 });
  const services = dialog.getByRole('table', { name: 'Services' });
  await expect(services.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });
  expect(await services.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0))).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1366, height: 850 });
  await dialog.getByLabel(/^Check Number/).fill(checkA);
  await typeDate(page, dialog, /^Check Date/, typedDate(isoDay(-2)));
  await dialog.getByLabel(/^Total Amount/).fill('100');
  await pick(page, dialog, /^Payment Method/, 'Bank');
  await pick(page, dialog, /^Vendor/, vendor);
  await dialog.getByRole('checkbox', { name: /^Entire Remit/ }).click();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText('Remittance updated sucessfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Second occurrence: the saved check is prefilled and locked; Next Check starts another one.
  // The first occurrence is paid in full and has left the list.
  dialog = await openPayment(page, lastName, 1);
  await expect(dialog.getByLabel(/^Check Number/)).toHaveValue(checkA);
  await expect(dialog.getByLabel(/^Check Number/)).toBeDisabled();
  await expect(dialog.getByText(/\$40\.00 left of \$100\.00/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Next Check' }).click();
  const checkB = uniqueName('CHK');
  await dialog.getByLabel(/^Check Number/).fill(checkB);
  await typeDate(page, dialog, /^Check Date/, typedDate(isoDay(-1)));
  await dialog.getByLabel(/^Total Amount/).fill('45');
  await pick(page, dialog, /^Payment Method/, 'Cash');
  await pick(page, dialog, /^Vendor/, vendor);
  await dialog.getByRole('textbox', { name: /^Credit/ }).fill('45');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText('Remittance updated sucessfully!')).toBeVisible();

  // Balances: the first occurrence is paid (it leaves the list), the second owes 15.00.
  await page.goto('/remittance/');
  await page.getByLabel('Search patient or invoice').fill(lastName);
  const rows = page.getByRole('table', { name: 'Remittance' }).getByRole('row').filter({ hasText: lastName });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('$15.00');

  await page.goto('/end_year_report/');
  await typeDate(page, page.locator('main'), /^Start Date/, typedDate(isoDay(-45)));
  await typeDate(page, page.locator('main'), /^End Date/, typedDate(isoDay(0)));
  await expect.poll(() => remittedFigure(page)).toBeCloseTo(remittedBefore + 105, 2);

  // Revert the second check's payment.
  await page.goto('/remittance_revert/');
  await page.getByLabel('Search check, vendor or patient').fill(checkB);
  // Wait until the search has applied and only this check is listed, so the row no longer moves.
  await expect(page.getByRole('button', { name: /^Show payments of check/ })).toHaveCount(1);
  const check = page.getByRole('row').filter({ hasText: checkB });
  await expect(check).toHaveCount(1);
  await check.getByRole('button', { name: /Show payments/ }).click();
  const payments = page.getByRole('table', { name: `Payments of check ${checkB}` });
  await expect(payments).toContainText('$45.00');
  await payments.getByRole('button', { name: /Unremit payment/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unremit' }).click();
  await expect(page.getByText('Unremit successfully!!')).toBeVisible();

  await page.goto('/remittance/');
  await page.getByLabel('Search patient or invoice').fill(lastName);
  await expect(rows.first()).toContainText('$60.00');
  await page.goto('/end_year_report/');
  await typeDate(page, page.locator('main'), /^Start Date/, typedDate(isoDay(-45)));
  await typeDate(page, page.locator('main'), /^End Date/, typedDate(isoDay(0)));
  await expect.poll(() => remittedFigure(page)).toBeCloseTo(remittedBefore + 60, 2);
});
