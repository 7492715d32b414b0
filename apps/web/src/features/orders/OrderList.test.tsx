import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderListItem } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

const row = (id: number, name: string): OrderListItem => ({
  id,
  name,
  patient_id: 7,
  patient: { first_name: 'Maria', last_name: 'Garcia' },
  status: { id: 1, name: 'Pending' },
  delivery: { id: 1, name: 'Ship' },
  po_number: '',
});

const page = (results: OrderListItem[]) =>
  [200, { results, count: results.length, page_size: 25, current: 1 }] as const;

describe('OrderList', () => {
  it('lists orders with a patient link and an edit link', async () => {
    mockApi({ 'GET /api/orders/': page([row(3, 'Monthly gloves')]) });
    renderRoutes(routes, { path: '/orders', session: adminSession });
    const patient = await screen.findByRole('link', { name: 'Maria Garcia' });
    expect(patient.getAttribute('href')).toBe('/patients/7');
    const cells = patient.closest('tr') as HTMLElement;
    expect(within(cells).getByRole('link', { name: 'Edit order Monthly gloves' }).getAttribute('href')).toBe(
      '/orders/3/edit',
    );
    expect(within(cells).getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Order' }).getAttribute('href')).toBe('/orders/create');
  });

  it("says THERE AREN'T ORDERS when empty", async () => {
    mockApi({ 'GET /api/orders/': page([]) });
    renderRoutes(routes, { path: '/orders', session: adminSession });
    await screen.findByText("THERE AREN'T ORDERS");
  });

  it('deletes after confirmation; a refusal shows the server text', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = 'You cannot delete this order because one or more of the occurrences are marked as Shipped.';
    mockApi({
      'GET /api/orders/': page([row(3, 'Monthly gloves'), row(4, 'Shipped one')]),
      'DELETE /api/orders/3/': [204],
      'DELETE /api/orders/4/': [400, { error: refusal, detail: refusal }],
    });
    renderRoutes(routes, { path: '/orders', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Delete order Monthly gloves' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('The order has been deleted!');

    await user.click(screen.getByRole('button', { name: 'Delete order Shipped one' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText(refusal);
  });

  it('goes to /404 when the first load fails', async () => {
    mockApi({ 'GET /api/orders/': [500, { detail: 'boom' }] });
    const { router } = renderRoutes(routes, { path: '/orders', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
