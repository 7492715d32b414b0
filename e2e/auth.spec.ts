import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect, latestMail, signIn, test, uniqueName } from './support/fixtures.ts';

/** A fresh active user made through the API, so password changes never touch the administrator. */
async function createUser(request: APIRequestContext, password: string) {
  const login = await request.post('/api/login/', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const username = uniqueName('reset');
  const email = `${username}@example.test`;
  const created = await request.post('/api/users/', {
    headers: { Authorization: `JWT ${token}` },
    data: {
      username,
      email,
      password,
      role_id: 2,
      is_active: true,
      profile: { first_name: 'Rita', last_name: 'Reset' },
    },
  });
  expect(created.status()).toBe(201);
  return { username, email };
}

test('a wrong password says "Incorrect credentials"', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Incorrect credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in lands on /home with the administrator tiles, and Log Out ends the session', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Users Staff accounts/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Office Administrator')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('auth'), localStorage.getItem('token')])).toEqual([
    null,
    null,
  ]);

  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected page asked for while signed out opens after signing in', async ({ page }) => {
  await page.goto('/users/create');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await expect(page.getByRole('heading', { name: 'Create User' })).toBeVisible();
});

test('forgot password, reset through the emailed link, then sign in with the new password', async ({
  page,
  request,
}) => {
  const { username, email } = await createUser(request, 'First-Pass-2026');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill('nobody-here@example.test');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText("The email doesn't exist!")).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('An email has been sent to reset your password.')).toBeVisible();

  const mail = latestMail();
  expect(mail).toContain(email);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'reset link in the mail').toBeTruthy();
  await page.goto(new URL(link as string).pathname);

  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('short');
  await page.getByLabel(/^Confirm Password/).fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();

  await page.getByLabel(/^Password/).fill('Second-Pass-2026');
  await page.getByLabel(/^Confirm Password/).fill('Second-Pass-2026');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The password has been changed, please login.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The link works once.
  await page.goto(new URL(link as string).pathname);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Third-Pass-2026');
  await page.getByLabel(/^Confirm Password/).fill('Third-Pass-2026');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The url is not valid or has expired!')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Second-Pass-2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Rita Reset' })).toBeVisible();
});

test('unknown paths show the sign-in screen and /404 links home', async ({ page }) => {
  await page.goto('/no-such-screen');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page);
  await page.goto('/users/987654');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
