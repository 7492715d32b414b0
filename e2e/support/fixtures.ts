import { test as base, expect, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin-Pass-2026' };

export const test = base.extend({
  // The server's address is known only after global setup; read it at test time.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});
export { expect };

/** Signs in through the login screen as a person would. */
export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The newest message written to the server's outbox folder. */
export function latestMail(): string {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  if (!files.length) throw new Error('no mail in outbox');
  const raw = fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8');
  // Undo quoted-printable soft line breaks and escapes so links read whole.
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/**
 * Types `text` into a list's search box and waits until the list shows only rows holding it (the
 * header row aside): the search waits for typing to pause, and a row found before it applies can
 * move under the next click as the rows above it leave.
 */
export async function searchList(box: Locator, table: Locator, text: string): Promise<void> {
  await box.fill(text);
  await expect(table.getByRole('row').filter({ hasNotText: text })).toHaveCount(1);
}
