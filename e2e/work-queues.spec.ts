import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';
import { api, isoDay, typeDate, typedDate } from './support/api.ts';

/** Sunday to Saturday of the current week, YYYY-MM-DD. */
function thisWeek(): { start: string; end: string } {
  const weekday = new Date().getDay();
  return { start: isoDay(-weekday), end: isoDay(6 - weekday) };
}

/**
 * A call-before-delivery patient with two contacts, an order with one occurrence today and an
 * expiration due today (red until solved).
 */
async function seedMorning(page: Page, lastName: string): Promise<void> {
  const today = isoDay(0);
  const { data: patient } = await api<{ data: { id: number } }>(page, 'POST', '/patients/', {
    first_name: 'Nora',
    last_name: lastName,
    state_id: 16,
    phone: '(515) 555-0101',
    call_before_delivery: true,
    contact_different_patient: true,
    contact_person: [
      { contact_name: 'Luis Nora', contact_number: '(515) 555-0102', contact_relation: 'Son' },
      { contact_name: 'Ana Nora', contact_number: '(515) 555-0103', contact_relation: 'Daughter' },
    ],
  });
  await api(page, 'POST', `/patients/${patient.id}/insurances/`, { name: 'Medicare', policy_number: 'MC-778' });
  const product = await api<{ id: number; variants: { id: number }[] }>(page, 'POST', '/products/', {
    name: `Oxygen tubing ${lastName}`,
    internal_code: `OXY-${lastName}`,
    type_id: 1,
    variants: [
      { price_variant: 'General', sale_price: '18.00', cost_price: '9.00', unit_measure: 'Each', description: '' },
    ],
  });
  const order = await api<{ id: number }>(page, 'POST', '/orders/', {
    patient_id: patient.id,
    delivery_id: 1,
    name: `Oxygen ${lastName}`,
  });
  await api(page, 'POST', `/orders/${order.id}/products/`, {
    product_id: product.id,
    variant: product.variants[0].id,
    recurrence_id: 5,
    quantity: 2,
    sale_price: '18.00',
    percentage: null,
    added_percentage: false,
    service_date: today,
    end_date: isoDay(40),
    tax_applied: false,
    nutritional: false,
  });
  await api(page, 'POST', `/orders/${order.id}/expirations/`, {
    date: today,
    note: 'Renew the oxygen prescription',
    yellow: false,
    yellow_date: null,
    waiver: true,
  });
}

async function filterToThisWeek(page: Page, table: Locator, search: string): Promise<void> {
  const week = thisWeek();
  const main = page.locator('main');
  await typeDate(page, main, /^Start Date/, typedDate(week.start));
  await typeDate(page, main, /^End Date/, typedDate(week.end));
  await searchList(page.getByRole('textbox', { name: 'Search' }), table, search);
}

test('a work-queue morning: call list for this week, call note, eligible and approved, expiration solved', async ({
  page,
}) => {
  const lastName = uniqueName('Queue');
  const patientName = `Nora ${lastName}`;
  await signIn(page);
  await seedMorning(page, lastName);

  // The dashboard tile leads to the morning list.
  await page
    .getByRole('main')
    .getByRole('link', { name: /Call Patient w Eligibility/ })
    .click();
  await expect(page).toHaveURL(/\/call-customer-w-eligibility\/$/);
  await expect(page.getByRole('switch', { name: 'Hide Completed' })).toBeChecked();
  const list = page.getByRole('table', { name: 'Call Patient w Eligibility' });
  await filterToThisWeek(page, list, lastName);
  const row = list.getByRole('row').filter({ hasText: patientName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Medicare - MC778');
  await expect(row.getByRole('img', { name: 'Alert Red' })).toBeVisible();

  // The call detail: header, a new call note, then back to the list.
  await row.getByRole('link', { name: /^Order / }).click();
  await expect(page).toHaveURL(/\/call-customer-w-eligibility\/\d+$/);
  const detail = page.getByRole('dialog', { name: 'Call detail' });
  await expect(detail).toContainText(patientName);
  await expect(detail.getByRole('table', { name: 'Services' })).toContainText(`Oxygen tubing ${lastName}`);
  await detail.getByRole('button', { name: 'Add' }).click();
  const newNote = page.getByRole('dialog', { name: 'New Call Note' });
  await expect(newNote.getByRole('button', { name: 'Save' })).toBeDisabled();
  await newNote.getByRole('textbox', { name: 'Content' }).fill('Spoke with Luis; deliver after 10 am.');
  await newNote.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The note was added successfully')).toBeVisible();
  await expect(detail.getByRole('list', { name: 'Call notes' })).toContainText('Spoke with Luis; deliver after 10 am.');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/call-customer-w-eligibility\/$/);

  // Eligible: still to call. Approved too: completed, so it leaves the list (Hide Completed on).
  await row.getByRole('switch', { name: /^Eligibility / }).click();
  await expect(page.getByText('The ocurrence has been updated!').first()).toBeVisible();
  await expect(row.getByRole('switch', { name: /^Eligibility / })).toBeChecked();
  await row.getByRole('switch', { name: /^Patient Approved / }).click();
  await expect(row).toHaveCount(0);
  await expect(list).toContainText("THERE AREN'T CALL PATIENTS");

  // The filters survive a reload; showing completed rows brings it back with both toggles on.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(lastName);
  await expect(list).toContainText("THERE AREN'T CALL PATIENTS");
  await page.getByRole('switch', { name: 'Hide Completed' }).click();
  await expect(row.getByRole('switch', { name: /^Patient Approved / })).toBeChecked();
  await expect(row.getByRole('switch', { name: /^Eligibility / })).toBeChecked();

  // Expirations: the same week, the red expiration solved turns green; batch print has it.
  await page.getByRole('navigation').getByRole('link', { name: 'Expirations' }).click();
  await expect(page).toHaveURL(/\/expirations\/$/);
  // The screen has replaced the call list (both have a Start Date) before its filters are typed.
  await expect(page.getByRole('tab', { name: 'Waiver True' })).toHaveAttribute('aria-selected', 'true');
  const expirations = page.getByRole('table', { name: 'Expirations' });
  await filterToThisWeek(page, expirations, lastName);
  const expiration = expirations.getByRole('row').filter({ hasText: patientName });
  await expect(expiration.getByRole('img', { name: 'Red' })).toBeVisible();
  await expect(expiration).toContainText('Renew the oxygen prescription');
  const solved = expiration.getByRole('switch', { name: /^Solved / });
  await expect(solved).not.toBeChecked();
  await solved.click();
  await expect(page.getByText('Updated successfully', { exact: true })).toBeVisible();
  await expect(expiration.getByRole('img', { name: 'Green' })).toBeVisible();
  await expect(solved).toBeChecked();

  const week = thisWeek();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Batch print' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`expirations-${week.start}-${week.end}.pdf`);
  const text = execFileSync('pdftotext', [(await download.path()) as string, '-'], { encoding: 'utf8' });
  expect(text).toContain(lastName);

  // Log Out clears the persisted call-list filters.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page);
  await page.goto('/call-customer-w-eligibility/');
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await expect(page.getByRole('switch', { name: 'Hide Completed' })).toBeChecked();
});
