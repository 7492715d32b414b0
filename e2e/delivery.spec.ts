import { execFileSync } from 'node:child_process';
import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';
import { api, isoDay, ticketedOccurrence } from './support/api.ts';

const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test('a delivery signed in the browser ships the occurrence and its proof reads back as a PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const lastName = uniqueName('Signer');
  const date = isoDay(6);
  const id = await ticketedOccurrence(page, { lastName, date });

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Shipping Status' }).click();
  const table = page.getByRole('table', { name: 'Shipping Status' });
  await searchList(page.getByRole('textbox', { name: 'Search' }), table, lastName);
  const row = `Iris ${lastName} ${mmddyyyy(date)}`;
  await page.getByRole('button', { name: `Record delivery ${row}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Record delivery' });
  await expect(dialog.getByRole('textbox', { name: 'Delivery address' })).toHaveValue(
    '42 Prairie Lane, Ankeny, Iowa 50023',
  );
  await expect(dialog.getByLabel('Delivery date and time')).not.toHaveValue('');
  await dialog.getByRole('textbox', { name: "Recipient's name" }).fill('Jane Signer');
  await dialog.getByRole('combobox', { name: /Relationship to the patient/ }).click();
  await page.getByRole('option', { name: 'Spouse' }).click();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  // The recipient signs with the mouse: one stroke across the box and a second one under it.
  const pad = dialog.getByRole('img', { name: 'Signature' });
  // Hovering waits until the box takes the pointer: the closed menu's backdrop fades out first.
  await pad.hover();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.move(box.x + 160, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.move(box.x + 240, box.y + box.height * 0.35, { steps: 8 });
  await page.mouse.up();
  await expect(save).toBeEnabled();
  await page.mouse.move(box.x + 60, box.y + box.height * 0.8);
  await page.mouse.down();
  await page.mouse.move(box.x + 220, box.y + box.height * 0.82, { steps: 10 });
  await page.mouse.up();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('The delivery has been recorded')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Shipped on the delivery date (the office's today), with its proof in the row.
  const record = await api<{ results: { shipped: boolean; shipped_date: string; delivery_document_id: number }[] }>(
    page,
    'GET',
    `/shipping-status/?search=${lastName}`,
  );
  expect(record.results[0]).toMatchObject({ shipped: true, delivery_document_id: expect.any(Number) });
  const shipped = page.getByRole('switch', { name: `Shipped ${row}` });
  await expect(shipped).toBeChecked();
  await expect(shipped).toBeDisabled();
  await expect(table.getByRole('row').filter({ hasText: lastName })).toContainText(
    mmddyyyy(record.results[0]!.shipped_date),
  );
  await page.getByRole('button', { name: `View proof of delivery ${row}` }).click();
  const preview = page.getByRole('dialog', { name: `Proof of delivery: Iris ${lastName}, ${mmddyyyy(date)}` });
  await expect(preview.locator(`iframe[title="Proof of delivery ${id}"]`)).toBeAttached();
  await preview.getByRole('button', { name: 'Close' }).click();

  // The signed proof, read through the API as a signed-in user.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/ocurrences/${id}/delivery/proof/`, {
    headers: { Authorization: `JWT ${token}` },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await response.body(), encoding: 'utf8' });
  expect(text).toContain('Proof of delivery');
  expect(text).toContain('Received by Jane Signer (Spouse)');
  expect(text).toMatch(/Delivered \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M at 42 Prairie Lane,\s+Ankeny,\s+Iowa 50023/);
  expect(text).toContain(`Iris ${lastName}`);
  expect(text).toContain('Recorded by admin');
});
