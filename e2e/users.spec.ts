import type { Page } from '@playwright/test';
import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';

async function fillNewUser(page: Page, user: { username: string; first: string; last: string; password: string }) {
  await page.getByLabel(/^First Name/).fill(user.first);
  await page.getByLabel(/^Last Name/).fill(user.last);
  await page.getByLabel(/^Username/).fill(user.username);
  await page.getByLabel(/^Email/).fill(`${user.username}@example.test`);
  await page.getByLabel(/^Password/).fill(user.password);
}

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users' });
}

test('create, search, edit and deactivate a user; the new role-2 user has no Users tile', async ({ page }) => {
  const username = uniqueName('staff');
  const password = 'Staff-Pass-2026';
  await signIn(page);
  await page.getByRole('link', { name: /Users Staff accounts/ }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  // Nobody deletes their own account.
  await expect(page.getByRole('button', { name: 'Delete admin' })).toBeDisabled();

  await page.getByRole('link', { name: 'Create User' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  const submit = page.getByRole('button', { name: 'Create User' });
  await expect(submit).toBeDisabled();

  await fillNewUser(page, { username, first: 'Sam', last: 'Staffer', password });
  await page.getByLabel('Phone').fill('5551234567');
  await expect(page.getByLabel('Phone')).toHaveValue('555-123-4567');
  const birthdate = page.getByRole('group', { name: 'Birthdate' });
  await birthdate.click();
  await page.keyboard.type('03141985');
  await page.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Office Staff' }).click();
  await page.getByRole('tab', { name: 'Address' }).click();
  await page.getByLabel('City').fill('Austin');
  await page.getByRole('combobox', { name: 'State' }).fill('Tex');
  await page.getByRole('option', { name: 'Texas' }).click();

  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('The user has been created!')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  // The save navigated away without the leave warning.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The same username again is refused by the server.
  await page.getByRole('link', { name: 'Create User' }).click();
  await fillNewUser(page, { username, first: 'Sam', last: 'Again', password });
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('The username or email exists!').first()).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/users$/);

  await page.getByLabel('Search').fill(username);
  await expect(usersTable(page).getByRole('row')).toHaveCount(2);
  const row = usersTable(page).getByRole('row', { name: new RegExp(username) });
  await expect(row).toContainText('Sam Staffer');
  await expect(row).toContainText('Office Staff');
  await expect(row).toContainText('Active');

  await row.getByRole('link', { name: `Edit ${username}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel(/^Last Name/)).toHaveValue('Staffer');
  await expect(page.getByRole('group', { name: 'Birthdate' })).toContainText('03/14/1985');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Texas');
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await page.getByLabel(/^Last Name/).fill('Stafford');
  await save.click();
  await expect(page.getByText('The user has been updated!')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.getByRole('link', { name: 'Back to Users' }).click();
  await searchList(page.getByLabel('Search'), usersTable(page), 'stafford');
  const edited = usersTable(page).getByRole('row', { name: new RegExp(username) });
  await expect(edited).toContainText('Sam Stafford');
  await edited.getByRole('button', { name: `Delete ${username}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The user was updated as inactive successfully!')).toBeVisible();
  await expect(edited).toContainText('Inactive');

  // Reactivate, then sign in as that office user: no Users tile and no Users menu entry.
  await edited.getByRole('link', { name: `Edit ${username}` }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('The user has been updated!')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await signIn(page, username, password);
  await expect(page.getByRole('heading', { name: 'Welcome, Sam Stafford' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Users Staff accounts/ })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
});

test('leaving a changed user form asks first', async ({ page }) => {
  await signIn(page);
  await page.goto('/users/create');
  await page.getByLabel(/^First Name/).fill('Half');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();

  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(dialog).toContainText('You will lose your changes');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await expect(page.getByLabel(/^First Name/)).toHaveValue('Half');

  await page.getByRole('link', { name: 'Users', exact: true }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/users$/);
});
