import { execFileSync } from 'node:child_process';
import { expect, searchList, signIn, test, uniqueName } from './support/fixtures.ts';
import { addOneTimeLine, api, isoDay, typeDate, typedDate } from './support/api.ts';

const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * A power wheelchair (K0856) for a Medicare patient whose written order is on file: Medicare
 * authorizes K0856 in advance, so the occurrence is on hold until the authorization is added.
 */
async function wheelchairOrder(page: Parameters<typeof api>[0], lastName: string, date: string) {
  const payer = await api<{ id: number; name: string }>(page, 'POST', '/vendors/', {
    name: `Medicare DME ${lastName}`,
    phone: '701-555-0100',
    payer_id: 'DMEJD',
    claim_filing_indicator: 'MB',
    prior_auth_hcpcs: 'K0856, E0193',
  });
  const { data: patient } = await api<{ data: { id: number } }>(page, 'POST', '/patients/', {
    first_name: 'Walt',
    last_name: lastName,
    state_id: 16,
    address_1: '9 Elm Court',
    city: 'Ames',
    zip: '50010',
  });
  await api(page, 'POST', `/patients/${patient.id}/insurances/`, {
    name: '',
    policy_number: '1EG4TE5MK72',
    vendor_id: payer.id,
    priority: 1,
  });
  await api(page, 'POST', `/patients/${patient.id}/documents/`, {
    type: 'standard_written_order',
    date: isoDay(-10),
    practitioner_name: 'Dr. Alan Brooks',
    practitioner_npi: '1234567893',
    items: [{ hcpcs: 'K0856', quantity: 1 }],
    length_of_need_months: 99,
  });
  const product = await api<{ id: number; variants: { id: number }[] }>(page, 'POST', '/products/', {
    name: `Power wheelchair ${lastName}`,
    internal_code: `PWC-${lastName}`,
    type_id: 1,
    hcpcs_code: 'K0856',
    variants: [
      { price_variant: 'General', sale_price: '4200.00', cost_price: '2500.00', unit_measure: 'Each', description: '' },
    ],
  });
  const order = await api<{ id: number }>(page, 'POST', '/orders/', {
    patient_id: patient.id,
    delivery_id: 2,
    name: `Power wheelchair ${lastName}`,
  });
  await addOneTimeLine(page, order.id, product, '4200.00', date);
  const detail = await api<{ ocurrences: { id: number }[] }>(page, 'GET', `/orders/${order.id}/`);
  return { payer, patientId: patient.id, occurrenceId: detail.ocurrences[0]!.id };
}

test('a power wheelchair waits for its prior authorization, then is delivered and signed for', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page);
  const lastName = uniqueName('Wheeler');
  const date = isoDay(3);
  const { payer, patientId, occurrenceId } = await wheelchairOrder(page, lastName, date);
  const reason = `No prior authorization for K0856 from ${payer.name}`;

  // The hold and its words in Call Patient w Eligibility.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Call Patient w Eligibility' })
    .click();
  const list = page.getByRole('table', { name: 'Call Patient w Eligibility' });
  await searchList(page.getByRole('textbox', { name: 'Search' }), list, lastName);
  const row = list.getByRole('row').filter({ hasText: `Walt ${lastName}` });
  await expect(row.getByRole('button', { name: `On hold: ${reason}` })).toBeVisible();
  // Its ticket cannot be printed, and says why.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `JWT ${token}` };
  await api(page, 'PATCH', `/check-eligibility/${occurrenceId}/`, { eligibility_toggle: true });
  const refused = await page.request.get(`/api/export/${occurrenceId}/print/`, { headers });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toEqual({ holds: [reason] });

  // The authorization is added on the patient's Documents tab.
  await page.goto(`/patients/${patientId}?tab=documents`);
  await page.getByRole('button', { name: 'Add document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add document' });
  await dialog.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Prior authorization' }).click();
  await typeDate(page, dialog, /^Date issued/, typedDate(isoDay(-2)));
  await dialog.getByRole('combobox', { name: /^Payer/ }).click();
  await page.getByRole('option', { name: payer.name }).click();
  await dialog.getByRole('textbox', { name: /^Authorization number/ }).fill('88123');
  await dialog.getByRole('textbox', { name: /^HCPCS codes/ }).fill('k0856');
  await dialog.getByRole('textbox', { name: /^Units/ }).fill('1');
  await typeDate(page, dialog, /^Start date/, typedDate(isoDay(-2)));
  await typeDate(page, dialog, /^End date/, typedDate(isoDay(180)));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The document has been saved')).toBeVisible();
  const documents = page.getByRole('table', { name: 'Documents' });
  await expect(documents.getByRole('row').filter({ hasText: '88123' })).toContainText('Valid');

  // The hold is gone from the work queue.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Call Patient w Eligibility' })
    .click();
  await page.getByRole('switch', { name: 'Hide Completed' }).uncheck();
  await searchList(page.getByRole('textbox', { name: 'Search' }), list, lastName);
  await expect(list.getByRole('row').filter({ hasText: `Walt ${lastName}` })).toHaveCount(1);
  await expect(list.getByRole('button', { name: /^On hold/ })).toHaveCount(0);

  // The ticket prints now; the delivery is signed in the browser from Shipping Status.
  const printed = await page.request.get(`/api/export/${occurrenceId}/print/`, { headers });
  expect(printed.status()).toBe(200);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Shipping Status' }).click();
  const shipping = page.getByRole('table', { name: 'Shipping Status' });
  // The list's saved filters are read when it opens: search once its first rows are there.
  await expect(shipping.getByRole('row').nth(1)).toBeVisible();
  await searchList(page.getByRole('textbox', { name: 'Search' }), shipping, lastName);
  const shippingRow = `Walt ${lastName} ${mmddyyyy(date)}`;
  await page.getByRole('button', { name: `Record delivery ${shippingRow}` }).click();
  const delivery = page.getByRole('dialog', { name: 'Record delivery' });
  await delivery.getByRole('textbox', { name: "Recipient's name" }).fill(`Walt ${lastName}`);
  await delivery.getByRole('combobox', { name: /Relationship to the patient/ }).click();
  await page.getByRole('option', { name: 'Self' }).click();
  const pad = delivery.getByRole('img', { name: 'Signature' });
  await pad.hover();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 25, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + box.height * 0.25, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
  await delivery.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The delivery has been recorded')).toBeVisible();

  // The signed proof, and the delivery date on the invoice.
  const proof = await page.request.get(`/api/ocurrences/${occurrenceId}/delivery/proof/`, { headers });
  expect(proof.status()).toBe(200);
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await proof.body(), encoding: 'utf8' });
  expect(text).toContain('Proof of delivery');
  expect(text).toContain(`Received by Walt ${lastName} (Self)`);
  expect(text).toContain(`Power wheelchair ${lastName}`);
  const record = await api<{ results: { shipped: boolean; shipped_date: string; invoice_id: number }[] }>(
    page,
    'GET',
    `/shipping-status/?search=${lastName}`,
  );
  expect(record.results[0]).toMatchObject({ shipped: true, shipped_date: isoDay(0) });
  const invoice = await api<{ date: string }>(page, 'GET', `/invoices/${record.results[0]!.invoice_id}/`);
  expect(invoice.date).toBe(isoDay(0));
});
