import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Calls the API with the signed-in browser's token (scheme JWT), as the app does. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api${path}`, {
    method,
    data,
    headers: { Authorization: `JWT ${token}` },
  });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  const type = response.headers()['content-type'] ?? '';
  return (response.status() === 204 || !type.includes('json') ? undefined : await response.json()) as T;
}

/** Types a date into an MUI date field (MM/DD/YYYY sections). */
export async function typeDate(page: Page, scope: Locator, label: RegExp, mmddyyyy: string): Promise<void> {
  await scope.getByRole('group', { name: label }).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(mmddyyyy);
}

/** YYYY-MM-DD of today shifted by `days` (local time). */
export function isoDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** MM/DD/YYYY typed as digits, from YYYY-MM-DD. */
export function typedDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}${d}${y}`;
}

/** Adds a One Time line of `product` on `date` to the order (its end date 40 days later). */
export async function addOneTimeLine(
  page: Page,
  orderId: number,
  product: { id: number; variants: { id: number }[] },
  price: string,
  date: string,
): Promise<void> {
  const end = new Date(`${date}T12:00:00`);
  end.setDate(end.getDate() + 40);
  await api(page, 'POST', `/orders/${orderId}/products/`, {
    product_id: product.id,
    variant: product.variants[0].id,
    recurrence_id: 5,
    quantity: 1,
    sale_price: price,
    percentage: null,
    added_percentage: false,
    service_date: date,
    end_date: end.toISOString().slice(0, 10),
    tax_applied: false,
    nutritional: false,
  });
}

/**
 * A patient (not call-before-delivery) with an order whose one-time lines fall on `dates`, each
 * occurrence made eligible, ticketed and shipped through the API, so it has its invoice.
 */
export async function shippedOccurrences(
  page: Page,
  opts: { lastName: string; dates: string[]; price: string },
): Promise<{ patientId: number; occurrenceIds: number[] }> {
  const { data: patient } = await api<{ data: { id: number } }>(page, 'POST', '/patients/', {
    first_name: 'Remy',
    last_name: opts.lastName,
    state_id: 16,
  });
  const product = await api<{ id: number; variants: { id: number }[] }>(page, 'POST', '/products/', {
    name: `Nebulizer kit ${opts.lastName}`,
    internal_code: `NEB-${opts.lastName}`,
    type_id: 1,
    variants: [
      { price_variant: 'General', sale_price: opts.price, cost_price: '5.00', unit_measure: 'Each', description: '' },
    ],
  });
  const order = await api<{ id: number }>(page, 'POST', '/orders/', {
    patient_id: patient.id,
    delivery_id: 1,
    name: `Supplies ${opts.lastName}`,
  });
  for (const date of opts.dates) {
    await addOneTimeLine(page, order.id, product, opts.price, date);
  }
  const detail = await api<{ ocurrences: { id: number; date: string }[] }>(page, 'GET', `/orders/${order.id}/`);
  const occurrences = [...detail.ocurrences].sort((a, b) => a.date.localeCompare(b.date));
  for (const o of occurrences) {
    await api(page, 'PATCH', `/check-eligibility/${o.id}/`, { eligibility_toggle: true });
    await api(page, 'GET', `/export/${o.id}/print/`);
    await api(page, 'PATCH', `/shipping-status/${o.id}/`, { shipped: true, eligibility_toggle: true });
  }
  return { patientId: patient.id, occurrenceIds: occurrences.map((o) => o.id) };
}

/**
 * A patient (first name Iris, at 42 Prairie Lane, Ankeny, Iowa 50023) with one nebulizer on
 * `date`: the occurrence made eligible and its delivery ticket printed, ready to be delivered.
 */
export async function ticketedOccurrence(page: Page, opts: { lastName: string; date: string }): Promise<number> {
  const { data: patient } = await api<{ data: { id: number } }>(page, 'POST', '/patients/', {
    first_name: 'Iris',
    last_name: opts.lastName,
    state_id: 16,
    address_1: '42 Prairie Lane',
    city: 'Ankeny',
    zip: '50023',
  });
  const product = await api<{ id: number; variants: { id: number }[] }>(page, 'POST', '/products/', {
    name: `Nebulizer ${opts.lastName}`,
    internal_code: `NEB-${opts.lastName}`,
    type_id: 1,
    variants: [
      { price_variant: 'General', sale_price: '64.00', cost_price: '20.00', unit_measure: 'Each', description: '' },
    ],
  });
  const order = await api<{ id: number }>(page, 'POST', '/orders/', {
    patient_id: patient.id,
    delivery_id: 2,
    name: `Nebulizer ${opts.lastName}`,
  });
  await addOneTimeLine(page, order.id, product, '64.00', opts.date);
  const detail = await api<{ ocurrences: { id: number }[] }>(page, 'GET', `/orders/${order.id}/`);
  const id = detail.ocurrences[0].id;
  await api(page, 'PATCH', `/check-eligibility/${id}/`, { eligibility_toggle: true });
  await api(page, 'GET', `/export/${id}/print/`);
  return id;
}
