import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test, uniqueName } from './support/fixtures.ts';

interface PatientSeed {
  first_name: string;
  last_name: string;
  status?: 'Active' | 'Inactive' | 'Deceased';
  state_id?: number | null;
  rentals?: boolean;
  birthdate?: string | null;
  city?: string;
  call_before_delivery?: boolean;
  contact_different_patient?: boolean;
  contact_person?: { contact_name: string; contact_number: string; contact_relation: string }[];
}

/** Calls the API with the signed-in user's token, as the app does. */
async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api${path}`, {
    method,
    data,
    headers: { Authorization: `JWT ${token}` },
  });
  expect(response.ok(), `${method} ${path} answered ${response.status()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** A patient through the API; the state defaults to Iowa (id 16): "State *" is required. */
async function createPatient(page: Page, seed: PatientSeed): Promise<number> {
  const { data } = await api<{ data: { id: number } }>(page, 'POST', '/patients/', { state_id: 16, ...seed });
  return data.id;
}

async function stateId(page: Page, name: string): Promise<number> {
  const states = await api<{ id: number; name: string }[]>(page, 'GET', '/usa_states/');
  const found = states.find((s) => s.name === name);
  if (!found) throw new Error(`no state ${name}`);
  return found.id;
}

function patientsTable(page: Page, name = 'Patients'): Locator {
  return page.getByRole('table', { name });
}

/** First-name cells of the table's rows, top to bottom. */
async function firstNames(page: Page, table = 'Patients'): Promise<string[]> {
  return patientsTable(page, table).locator('tbody tr td:first-child').allInnerTexts();
}

/** Types into a date field from its month section on. */
async function typeDate(page: Page, label: string, digits: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(digits);
}

test('create a patient with contacts; the form shows the validation messages', async ({ page }) => {
  const last = uniqueName('Create');
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await page.getByRole('link', { name: 'New Patient' }).click();
  await expect(page).toHaveURL(/\/patients\/create$/);
  const submit = page.getByRole('button', { name: 'Create Patient' });
  await expect(submit).toBeDisabled();
  for (const tab of ['Insurances', 'Attachments', 'Tags'])
    await expect(page.getByRole('tab', { name: tab })).toBeDisabled();

  await page.getByLabel(/^First Name/).click();
  await page.getByLabel(/^Last Name/).click();
  await page.getByLabel('Email').click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await page.getByLabel('Email').fill('rosa@');
  await page.getByLabel(/^Middle Name/).click();
  await expect(page.getByText('Must be a valid mail')).toBeVisible();

  await page.getByLabel(/^First Name/).fill('Rosa');
  await page.getByLabel(/^Last Name/).fill(last);
  await page.getByLabel('Email').fill('rosa@example.test');
  await page.getByLabel('Primary Phone').fill('5125550100');
  await expect(page.getByLabel('Primary Phone')).toHaveValue('512-555-0100');
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  // A half-typed date is invalid, not silently empty.
  await typeDate(page, 'Date of Birth', '0314');
  await page.getByLabel(/^Middle Name/).click();
  await expect(page.getByText('Invalid date')).toBeVisible();
  await typeDate(page, 'Date of Birth', '03141950');
  await expect(page.getByText('Invalid date')).toHaveCount(0);

  await expect(page.getByRole('switch', { name: 'Contact different than patient' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Contact prior to delivery' }).click();
  await page.getByRole('switch', { name: 'Contact different than patient' }).click();
  const first = page.getByRole('group', { name: 'Contact 1' });
  await expect(first.getByRole('button', { name: 'Remove contact 1' })).toBeDisabled();
  await first.getByLabel(/^Contact Name/).click();
  await first.getByLabel('Relation').click();
  await expect(first.getByText('Is required')).toBeVisible();
  await expect(submit).toBeDisabled();
  await first.getByLabel(/^Contact Name/).fill('Ana Daughter');
  await first.getByLabel('Contact Phone').fill('(512) 555 0111');
  await expect(first.getByLabel('Contact Phone')).toHaveValue('512-555-0111');
  await first.getByLabel('Relation').fill('Daughter');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const second = page.getByRole('group', { name: 'Contact 2' });
  await second.getByLabel(/^Contact Name/).fill('Luis Son');
  await second.getByLabel('Relation').fill('Son');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await page.getByRole('button', { name: 'Remove contact 3' }).click();
  await expect(page.getByRole('group', { name: 'Contact 3' })).toHaveCount(0);

  await page.getByLabel('City').fill('Austin');
  await page.getByRole('combobox', { name: /^State/ }).fill('Tex');
  await page.getByRole('option', { name: 'Texas' }).click();
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await page.getByRole('tab', { name: 'Physician' }).click();
  await page.getByLabel('Physician Name').fill('Dr. Ruth Hale');
  await page.getByLabel('NPI').fill('12345');
  await page.getByLabel('Physician Name').click();
  await expect(page.getByText('NPI must have 10 characters')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('NPI').fill('1234567893');

  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('The patient has been created!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/patients\/\d+$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await expect(page.getByLabel(/^Last Name/)).toHaveValue(last);
  await expect(page.getByRole('group', { name: 'Date of Birth' })).toContainText('03/14/1950');
  await expect(page.getByLabel('Age', { exact: true })).not.toHaveValue('');
  await expect(page.getByRole('group', { name: 'Contact 1' }).getByLabel(/^Contact Name/)).toHaveValue('Ana Daughter');
  await expect(page.getByRole('group', { name: 'Contact 2' }).getByLabel('Relation')).toHaveValue('Son');
  await expect(page.getByRole('combobox', { name: /^State/ })).toHaveValue('Texas');
  await page.getByRole('tab', { name: 'Insurances' }).click();
  await expect(page.getByLabel('NPI')).toHaveValue('1234567893');
});

test('edit every tab of a patient and see the messages', async ({ page }) => {
  await signIn(page);
  const last = uniqueName('Edit');
  const twentyYearsAgo = new Date();
  twentyYearsAgo.setFullYear(twentyYearsAgo.getFullYear() - 20);
  twentyYearsAgo.setDate(twentyYearsAgo.getDate() - 2);
  const birthdate = twentyYearsAgo.toISOString().slice(0, 10);
  const id = await createPatient(page, { first_name: 'Edna', last_name: last, birthdate });
  await page.goto(`/patients/${id}`);
  await expect(page.getByLabel(/^Last Name/)).toHaveValue(last);
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('20');
  await expect(page.getByLabel('Age', { exact: true })).toHaveCSS('color', 'rgb(211, 47, 47)');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();

  // Left side: email is validated, then the change is saved.
  await page.getByLabel('Email').fill('edna@');
  await page.getByLabel(/^Middle Name/).click();
  await expect(page.getByText('Must be a valid mail')).toBeVisible();
  await page.getByLabel('Email').fill('edna@example.test');
  await page.getByLabel(/^Middle Name/).fill('May');
  await save.click();
  await expect(page.getByText('The patient has been updated!').first()).toBeVisible();
  await expect(save).toBeDisabled();

  // Leaving with unsaved changes asks first.
  await page.getByLabel(/^Middle Name/).fill('Mae');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Patients' }).click();
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(leave).toContainText('You will lose your changes');
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${id}$`));

  // Tab 0 Address and tab 1 General Notes are saved with the form.
  await page.getByLabel('Address 1').fill('400 Elm St');
  await page.getByRole('combobox', { name: 'Rentals' }).click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await page.getByRole('tab', { name: 'General Notes' }).click();
  await page.getByRole('textbox', { name: 'General Notes' }).fill('Gate code 1234.\nCall before noon.');
  await save.click();
  await expect(page.getByText('The patient has been updated!').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Middle Name/)).toHaveValue('Mae');
  await expect(page.getByLabel('Address 1')).toHaveValue('400 Elm St');
  await page.getByRole('tab', { name: 'General Notes' }).click();
  await expect(page.getByRole('textbox', { name: 'General Notes' })).toHaveValue('Gate code 1234.\nCall before noon.');

  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Other' })).toBeDisabled();

  // Tab 3: insurances, physician, diagnosis, HCPCS with a modifier.
  await page.getByRole('tab', { name: 'Insurances' }).click();
  await page.getByRole('button', { name: 'Add Insurance' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Insurance' });
  await dialog.getByLabel(/^Name/).fill('Medicare Part B');
  await dialog.getByLabel(/^Policy Number/).pressSequentially('1EG4-TE5.MK 72');
  await expect(dialog.getByLabel(/^Policy Number/)).toHaveValue('1EG4TE5MK72');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Insurance added successfully!')).toBeVisible();
  const insurances = page.getByRole('table', { name: 'Insurances' });
  await expect(insurances).toContainText('1EG4TE5MK72');
  await page.getByRole('button', { name: 'Edit insurance Medicare Part B' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Insurance' });
  await dialog.getByLabel(/^Name/).fill('Medicare');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Insurance updated successfully!')).toBeVisible();
  await expect(insurances).toContainText('Medicare');

  await page.getByLabel('NPI').fill('987');
  await page.getByLabel('Physician Name').click();
  await expect(page.getByText('NPI must have 10 characters')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('NPI').fill('9876543213');
  await page.getByLabel('Physician Name').fill('Dr. Omar Webb');
  await save.click();
  await expect(page.getByText('The patient has been updated!').first()).toBeVisible();

  await page.getByRole('button', { name: 'New Diagnosis' }).click();
  dialog = page.getByRole('dialog', { name: 'New Diagnosis' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Diagnosis').fill('J44.9 Chronic obstructive pulmonary disease');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created successfully!').first()).toBeVisible();
  await page.getByRole('button', { name: 'Edit diagnosis 1' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Diagnosis' });
  await dialog.getByLabel('Diagnosis').fill('J44.9 COPD');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully!').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Diagnosis entries' })).toContainText('J44.9 COPD');

  await page.getByRole('button', { name: 'New HCPCS' }).click();
  dialog = page.getByRole('dialog', { name: 'New HCPCS' });
  await dialog.getByLabel('HCPCS').fill('E1390 Oxygen concentrator');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created successfully!').first()).toBeVisible();
  await page.getByRole('button', { name: 'New modifier for HCPCS 1' }).click();
  dialog = page.getByRole('dialog', { name: 'New Modifier' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Modifier').fill('RR');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Modifiers of HCPCS 1' })).toContainText('RR');

  await page.reload();
  await page.getByRole('tab', { name: 'Insurances' }).click();
  await expect(page.getByLabel('NPI')).toHaveValue('9876543213');
  await expect(page.getByRole('list', { name: 'Modifiers of HCPCS 1' })).toContainText('RR');

  const confirmDelete = async (button: string, message: string) => {
    await page.getByRole('button', { name: button }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to delete?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText(message).first()).toBeVisible();
  };
  await confirmDelete('Delete modifier 1 of HCPCS 1', 'Modifier Deleted successfully!');
  await confirmDelete('Delete HCPCS 1', 'HCPCS Deleted successfully!');
  await confirmDelete('Delete diagnosis 1', 'Diagnosis Deleted successfully!');
  await confirmDelete('Delete insurance Medicare', 'Insurance removed successfully!');
  await expect(page.getByText('No insurances yet.')).toBeVisible();
  await expect(page.getByText('No HCPCS entries yet.')).toBeVisible();

  // Tab 5: attachments upload, download through the API, delete.
  await page.getByRole('tab', { name: 'Attachments' }).click();
  await page
    .getByLabel('Upload File')
    .setInputFiles({ name: 'referral.txt', mimeType: 'text/plain', buffer: Buffer.from('Referral for oxygen.\n') });
  await expect(page.getByText('The attachment has been uploaded!')).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'referral.txt', exact: true }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('referral.txt');
  await page.getByLabel('Upload File').setInputFiles({
    name: 'script.exe',
    mimeType: 'application/octet-stream',
    // A real executable's header: 'MZ' then binary bytes (two letters alone would be plain text).
    buffer: Buffer.from([
      0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00,
    ]),
  });
  await expect(page.getByText(/This file type is not allowed/)).toBeVisible();
  await confirmDelete('Delete referral.txt', 'The attachment has been deleted!');
  await expect(page.getByText('No attachments yet.')).toBeVisible();

  // Tab 6: tags are saved as they are clicked.
  await page.getByRole('tab', { name: 'Tags' }).click();
  const tag = page.getByRole('checkbox').first();
  const tagName = ((await tag.evaluate((input) => input.closest('label')?.textContent)) ?? '').trim();
  await expect(tag).not.toBeChecked();
  await tag.check();
  await expect(tag).toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(page.getByRole('checkbox', { name: tagName })).toBeChecked();
  await page.getByRole('checkbox', { name: tagName }).uncheck();
  await expect(page.getByRole('checkbox', { name: tagName })).not.toBeChecked();
  // The box turns as it is clicked; the save lands a moment later.
  const storedTag = async () =>
    (await api<{ tags: { name: string; checked: boolean }[] }>(page, 'GET', `/patients/${id}/`)).tags.find(
      (t) => t.name === tagName,
    )?.checked;
  await expect.poll(storedTag).toBe(false);
});

test('patients list: search, filter, sort, Rentals and delete', async ({ page }) => {
  await signIn(page);
  const token = uniqueName('List').toLowerCase();
  const texas = await stateId(page, 'Texas');
  const ohio = await stateId(page, 'Ohio');
  await createPatient(page, {
    first_name: 'Abel',
    last_name: `${token}`,
    state_id: texas,
    birthdate: '1950-01-02',
    city: 'Austin',
  });
  await createPatient(page, { first_name: 'Cora', last_name: `${token}`, state_id: ohio, rentals: true });
  await createPatient(page, { first_name: 'Bea', last_name: `${token}`, state_id: texas });
  const inactive = await createPatient(page, { first_name: 'Dov', last_name: `${token}`, status: 'Inactive' });
  const withOrder = await createPatient(page, { first_name: 'Eli', last_name: `${token}`, status: 'Deceased' });
  await api(page, 'POST', '/orders/', { patient_id: withOrder, delivery_id: 1, name: 'Oxygen rental' });

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await page.getByRole('textbox', { name: 'Search' }).fill(token);
  await expect.poll(() => firstNames(page)).toEqual(['Abel', 'Bea', 'Cora']);
  const row = patientsTable(page).getByRole('row', { name: /Abel/ });
  await expect(row).toContainText('01/02/1950');
  await expect(row).toContainText('Austin');
  await expect(row).toContainText('Texas');
  await expect(row).toContainText('Active');

  await patientsTable(page).getByRole('button', { name: 'First Name' }).click();
  await expect.poll(() => firstNames(page)).toEqual(['Cora', 'Bea', 'Abel']);
  await patientsTable(page).getByRole('button', { name: 'State' }).click();
  await expect.poll(() => firstNames(page)).toEqual(['Cora', 'Abel', 'Bea']);

  await page.getByRole('combobox', { name: 'State' }).fill('Tex');
  await page.getByRole('option', { name: 'Texas' }).click();
  await expect.poll(() => firstNames(page)).toEqual(['Abel', 'Bea']);
  await page.getByRole('combobox', { name: 'State' }).clear();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await expect.poll(() => firstNames(page)).toEqual(['Dov']);

  await page.getByRole('button', { name: `Delete Dov ${token}` }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to delete?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('The patient has been deleted!').first()).toBeVisible();
  await expect(page.getByText("THERE AREN'T PATIENTS")).toBeVisible();
  const gone = await page.request.get(`/api/patients/${inactive}/`, {
    headers: { Authorization: `JWT ${await page.evaluate(() => localStorage.getItem('token'))}` },
  });
  expect(gone.status()).toBe(404);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Deceased' }).click();
  await expect.poll(() => firstNames(page)).toEqual(['Eli']);
  await page.getByRole('button', { name: `Delete Eli ${token}` }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to delete?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Patient cannot be deleted until you delete all the orders')).toBeVisible();
  await expect.poll(() => firstNames(page)).toEqual(['Eli']);

  // Filters start over when the screen is opened again.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Rentals' }).click();
  await expect(page).toHaveURL(/\/patients_rentals$/);
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Active');
  await page.getByRole('textbox', { name: 'Search' }).fill(token);
  await expect.poll(() => firstNames(page, 'Rentals')).toEqual(['Cora']);
  await page.getByRole('textbox', { name: 'Search' }).fill(`${token}zzz`);
  await expect(page.getByText("THERE AREN'T RENTALS")).toBeVisible();

  // From Rentals a new patient starts as a rental and the edit screen leads back to Rentals.
  await page.getByRole('link', { name: 'New Patient' }).click();
  await expect(page.getByRole('combobox', { name: 'Rentals' })).toHaveText('Yes');
  await page.getByLabel(/^First Name/).fill('Fay');
  await page.getByLabel(/^Last Name/).fill(token);
  await page.getByRole('combobox', { name: /^State/ }).fill('Tex');
  await page.getByRole('option', { name: 'Texas' }).click();
  await page.getByRole('button', { name: 'Create Patient' }).click();
  await expect(page.getByText('The patient has been created!').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Rentals' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Rentals' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(token);
  await expect.poll(() => firstNames(page, 'Rentals')).toEqual(['Cora', 'Fay']);
});

test('switching "Contact different than patient" off and saving keeps the saved contacts', async ({ page }) => {
  const last = uniqueName('Contacts');
  const contacts = [
    { contact_name: 'Tom Miller', contact_number: '515-555-0101', contact_relation: 'Son' },
    { contact_name: 'Ann Miller', contact_number: '515-555-0102', contact_relation: 'Daughter' },
  ];
  await signIn(page);
  const id = await createPatient(page, {
    first_name: 'Rose',
    last_name: last,
    call_before_delivery: true,
    contact_different_patient: true,
    contact_person: contacts,
  });

  await page.goto(`/patients/${id}`);
  const contactNames = page.getByRole('textbox', { name: /^Contact Name/ });
  await expect(contactNames).toHaveCount(2);
  await expect(contactNames.nth(0)).toHaveValue('Tom Miller');

  const different = page.getByRole('switch', { name: 'Contact different than patient' });
  await different.uncheck();
  await expect(contactNames).toHaveCount(0);
  const save = page.getByRole('button', { name: 'Save Changes' });
  await save.click();
  await expect(page.getByText('The patient has been updated!').first()).toBeVisible();
  await expect(save).toBeDisabled();

  // The contacts are still stored ...
  const stored = await api<{ contact_different_patient: boolean; contact_person: unknown[] }>(
    page,
    'GET',
    `/patients/${id}/`,
  );
  expect(stored.contact_different_patient).toBe(false);
  expect(stored.contact_person).toEqual(contacts);

  // ... and switching back on, after a reload, shows them again.
  await page.reload();
  await expect(different).not.toBeChecked();
  await expect(contactNames).toHaveCount(0);
  await different.check();
  await expect(contactNames).toHaveCount(2);
  await expect(contactNames.nth(0)).toHaveValue('Tom Miller');
  await expect(contactNames.nth(1)).toHaveValue('Ann Miller');
  await expect(page.getByRole('textbox', { name: /^Relation/ }).nth(1)).toHaveValue('Daughter');
});
