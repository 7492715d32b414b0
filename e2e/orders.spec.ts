import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test, uniqueName } from './support/fixtures.ts';

/** The API as the signed-in browser calls it: the token from localStorage, scheme JWT. */
async function apiHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return { Authorization: `JWT ${token}` };
}

async function createPatient(page: Page, lastName: string): Promise<number> {
  const response = await page.request.post('/api/patients/', {
    headers: await apiHeaders(page),
    data: { first_name: 'Olive', last_name: lastName, state_id: 16 },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function createProduct(page: Page, name: string): Promise<void> {
  const response = await page.request.post('/api/products/', {
    headers: await apiHeaders(page),
    data: {
      name,
      internal_code: uniqueName('GLV-'),
      type_id: 1,
      variants: [
        { price_variant: 'General', sale_price: '12.50', cost_price: '8.00', unit_measure: 'Box', description: '' },
      ],
    },
  });
  expect(response.status()).toBe(201);
}

/** Types a date into an MUI date field (MM/DD/YYYY sections). */
async function typeDate(page: Page, scope: Locator, label: RegExp, mmddyyyy: string) {
  await scope.getByRole('group', { name: label }).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(mmddyyyy);
}

async function choose(page: Page, scope: Locator, label: RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function addLine(
  page: Page,
  product: string,
  line: { recurrence: string; start: string; end: string; quantity: string; percentage?: string; tooCloseEnd?: string },
) {
  await page.getByRole('button', { name: 'Add product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByRole('combobox', { name: /^Product/ }).fill(product.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(product) }).click();
  await choose(page, dialog, /^Price Variant/, /General/);
  await expect(dialog.getByLabel(/^Sale Price/)).toHaveValue('12.50');
  // Dates wait for the recurrence.
  await expect(dialog.getByText('Choose a recurrence first')).toHaveCount(2);
  await choose(page, dialog, /^Recurrence/, line.recurrence);
  await expect(dialog.getByText('Choose a recurrence first')).toHaveCount(0);
  await typeDate(page, dialog, /^Service Date/, line.start);
  if (line.tooCloseEnd) {
    await typeDate(page, dialog, /^End Date/, line.tooCloseEnd);
    // A toast (the open dialog hides the rest of the page from role queries).
    await expect(
      page.locator('#notistack-snackbar').getByText(/The end date must be at least \d+ days after the service date/),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  }
  await typeDate(page, dialog, /^End Date/, line.end);
  await dialog.getByLabel(/^Quantity/).fill(line.quantity);
  if (line.percentage) {
    await dialog.getByRole('switch', { name: 'Add percentage' }).check();
    await dialog.getByLabel(/^Percentage/).fill(line.percentage);
    await expect(dialog.getByLabel('Adjusted Price')).toHaveValue('13.750');
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The product has been added!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('from a patient: create an order, add recurring lines, occurrences and totals, PO, notes, expiration, clone, delete', async ({
  page,
}) => {
  const lastName = uniqueName('Orders');
  const product = uniqueName('Nitrile Gloves ');
  const orderName = uniqueName('Monthly gloves ');
  await signIn(page);
  const patientId = await createPatient(page, lastName);
  await createProduct(page, product);

  await page.goto(`/patients/${patientId}`);
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByText("THERE AREN'T ORDERS")).toBeVisible();
  await page.getByRole('link', { name: 'New Order' }).click();

  await expect(page).toHaveURL(/\/orders\/create$/);
  const patient = page.getByRole('combobox', { name: /^Patient/ });
  await expect(patient).toHaveValue(`Olive ${lastName}`);
  await expect(patient).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Back to patient' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Order' });
  await expect(create).toBeDisabled();
  await page.getByLabel(/^Order Name/).fill(orderName);
  await choose(page, page.locator('body'), /^Delivery/, 'Ship');
  await create.click();

  await expect(page).toHaveURL(/\/orders\/\d+\/edit$/);
  await expect(page.getByRole('link', { name: 'Back to patient' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Patient/ })).toBeDisabled();
  await expect(page.getByText("THERE AREN'T PRODUCTS")).toBeVisible();

  // Monthly 01/05-03/05 (3 services of 2 x 12.50) and every 15 days 01/05-01/20 at +10% (2 of 13.75).
  await addLine(page, product, { recurrence: 'Monthly', start: '01052026', end: '03052026', quantity: '2' });
  await addLine(page, product, {
    recurrence: 'Every 15 Days',
    start: '01052026',
    tooCloseEnd: '01102026',
    end: '01202026',
    quantity: '1',
    percentage: '10',
  });
  const lines = page.getByRole('table', { name: 'Products' });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines).toContainText('03/05/2026');
  await expect(lines).toContainText('Every 15 Days');

  await page.getByRole('tab', { name: 'Services w Totals' }).click();
  const occurrences = page.getByRole('table', { name: 'Services w Totals' });
  for (const [date, total] of [
    ['01/05/2026', '$38.75'],
    ['01/20/2026', '$13.75'],
    ['02/05/2026', '$25.00'],
    ['03/05/2026', '$25.00'],
  ]) {
    await expect(occurrences.getByRole('row', { name: new RegExp(`^${date}`) })).toContainText(total);
  }
  await expect(occurrences.getByRole('row', { name: /^Total/ })).toContainText('$102.50');

  const po = page.getByRole('textbox', { name: 'Ocurrence PO 01/20/2026' });
  await po.fill('PO-777');
  await po.press('Tab');
  await expect(page.getByText('The Ocurrence Po was added successfully')).toBeVisible();

  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByLabel('Office Notes').fill('Leave at the front desk.');
  await page.getByLabel('Patients Notes').fill('Prefers morning deliveries.');
  await page.getByRole('button', { name: 'Save Notes' }).click();
  await expect(page.getByText('The order has been update!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Notes' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Expirations' }).click();
  await page.getByRole('button', { name: 'Add Expiration' }).click();
  const expiration = page.getByRole('dialog', { name: 'New Expiration' });
  await typeDate(page, expiration, /^Date/, '04012026');
  await expiration.getByLabel(/^Note/).fill('Prescription renewal');
  await expiration.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The expiration was added succesfully!')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Expirations' })).toContainText('Prescription renewal');

  // The PO and notes were saved: a reload shows them.
  await page.reload();
  await page.getByRole('tab', { name: 'Services w Totals' }).click();
  await expect(page.getByRole('textbox', { name: 'Ocurrence PO 01/20/2026' })).toHaveValue('PO-777');
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByLabel('Office Notes')).toHaveValue('Leave at the front desk.');

  // Back on the patient's Orders tab: clone, then delete the copy.
  await page.getByRole('link', { name: 'Back to patient' }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patientId}$`));
  await page.getByRole('tab', { name: 'Orders' }).click();
  const cards = page.getByRole('listitem', { name: `Order ${orderName}` });
  await expect(cards).toHaveCount(1);
  await cards
    .first()
    .getByRole('button', { name: `Clone order ${orderName}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Do you want to clone this order?' })
    .getByRole('button', { name: 'Clone' })
    .click();
  await expect(cards).toHaveCount(2);

  await cards
    .first()
    .getByRole('button', { name: `Delete order ${orderName}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to delete?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('The order has been deleted!')).toBeVisible();
  await expect(cards).toHaveCount(1);

  // The order list finds it too.
  await page.goto('/orders');
  await page.getByLabel('Search').fill(orderName);
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Orders' })).toContainText(`Olive ${lastName}`);
});

test("the patient's Orders tab: occurrences as Ocurrence #n MM-DD-YYYY and their call notes", async ({ page }) => {
  const lastName = uniqueName('Notes');
  await signIn(page);
  const headers = await apiHeaders(page);
  const patientId = await createPatient(page, lastName);
  const product = uniqueName('Test Strips ');
  await createProduct(page, product);
  const productId = (
    (await (await page.request.get(`/api/products/?search=${encodeURIComponent(product)}`, { headers })).json()) as {
      results: { id: number }[];
    }
  ).results[0].id;
  const variant = (
    (await (await page.request.get(`/api/variants/${productId}/`, { headers })).json()) as { id: number }[]
  )[0].id;
  // An order made through the API, with one monthly line of two services.
  const order = await page.request.post('/api/orders/', {
    headers,
    data: { patient_id: patientId, delivery_id: 2, name: 'x' },
  });
  expect(order.status()).toBe(201);
  const orderId = ((await order.json()) as { id: number }).id;
  const line = await page.request.post(`/api/orders/${orderId}/products/`, {
    headers,
    data: {
      product_id: productId,
      variant,
      recurrence_id: 1,
      quantity: 1,
      sale_price: '20.00',
      service_date: '2026-05-10',
      end_date: '2026-06-10',
    },
  });
  expect(line.status()).toBe(201);

  await page.goto(`/patients/${patientId}`);
  await page.getByRole('tab', { name: 'Orders' }).click();
  const card = page.getByRole('listitem', { name: 'Order x' });
  await expect(card).toContainText('Deliver');
  await card.getByRole('button', { name: 'Expand order x' }).click();
  await expect(card.getByRole('listitem', { name: 'Ocurrence #1 05-10-2026' })).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'Ocurrence #2 06-10-2026' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Print invoice Ocurrence #1' })).toBeDisabled();

  await card.getByRole('button', { name: 'Show call notes Ocurrence #2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Call Notes' });
  await expect(dialog).toContainText('There are no call notes for this occurrence');
  await dialog.getByLabel('Add note').fill('Left a voicemail about the June delivery.');
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog).toContainText('Left a voicemail about the June delivery.');
  await expect(dialog).toContainText('admin ·');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Edit carries the patient along; an emptied order name is not saved.
  await page.getByRole('link', { name: 'Edit order x' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/edit$`));
  await expect(page.getByRole('link', { name: 'Back to patient' })).toBeVisible();
  await page.getByLabel(/^Order Name/).fill('');
  await page.getByLabel(/^Order Name/).press('Tab');
  await expect(page.getByText('Order name is required')).toBeVisible();
  await page.getByRole('link', { name: 'Back to patient' }).click();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('listitem', { name: 'Order x' })).toBeVisible();
});

async function createNamedPatient(
  page: Page,
  patient: { first_name: string; last_name: string; birthdate: string },
): Promise<number> {
  const response = await page.request.post('/api/patients/', {
    headers: await apiHeaders(page),
    data: { state_id: 16, ...patient },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Saves a new order for the patient picked on /orders/create; answers the saved order's patient id. */
async function saveOrderFor(page: Page, pick: (patient: Locator) => Promise<void>): Promise<number> {
  await page.goto('/orders/create');
  const patient = page.getByRole('combobox', { name: /^Patient/ });
  await pick(patient);
  await page.getByLabel(/^Order Name/).fill(uniqueName('Picker order '));
  await choose(page, page.locator('body'), /^Delivery/, 'Ship');
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\/edit$/);
  const orderId = Number(/\/orders\/(\d+)\/edit$/.exec(page.url())![1]);
  const saved = await page.request.get(`/api/orders/${orderId}/`, { headers: await apiHeaders(page) });
  expect(saved.status()).toBe(200);
  return ((await saved.json()) as { patient_id: number }).patient_id;
}

test('the order patient picker shows exactly what the search answered and saves the patient picked', async ({
  page,
}) => {
  await signIn(page);
  // Two patients who share a first and last name (told apart by date of birth), and one whose
  // last name is unique.
  const shared = uniqueName('Scott');
  const older = await createNamedPatient(page, { first_name: 'Christine', last_name: shared, birthdate: '1941-02-03' });
  const younger = await createNamedPatient(page, {
    first_name: 'Christine',
    last_name: shared,
    birthdate: '1975-11-30',
  });
  const unique = uniqueName('Quade');
  const target = await createNamedPatient(page, { first_name: 'Eugene', last_name: unique, birthdate: '1960-01-15' });

  // A unique last name: after the search, the list holds that patient alone, and the top row is them.
  const patientId = await saveOrderFor(page, async (patient) => {
    await patient.click();
    // An earlier search's rows are never offered: first the whole list, then the same-named pair ...
    await patient.fill(`Christine ${shared}`);
    await expect(page.getByRole('option')).toHaveCount(2);
    // ... then the unique name: the pair does not linger above the match.
    await patient.fill(unique);
    const options = page.getByRole('option');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveText(`Eugene ${unique}DOB 01/15/1960`);
    await options.first().click();
    await expect(patient).toHaveValue(`Eugene ${unique}`);
  });
  expect(patientId).toBe(target);

  // Two patients with one name: both are listed with their dates of birth; the one picked is saved.
  const pickedId = await saveOrderFor(page, async (patient) => {
    await patient.click();
    await patient.fill(`christine ${shared}`);
    const options = page.getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(options).toHaveText([`Christine ${shared}DOB 02/03/1941`, `Christine ${shared}DOB 11/30/1975`]);
    await page.getByRole('option', { name: new RegExp(`Christine ${shared}.*DOB 11/30/1975`) }).click();
    await expect(patient).toHaveValue(`Christine ${shared}`);
  });
  expect(pickedId).toBe(younger);
  expect(pickedId).not.toBe(older);
});
