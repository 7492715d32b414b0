import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { page } from '@/test/factories.ts';
import { listItem, makeProduct } from './test-data.ts';
import { productTestRoutes as routes } from './test-routes.tsx';

const mask = makeProduct({ name: 'CPAP Mask', internal_code: 'MSK-1' });

async function deleteMask(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Delete CPAP Mask' }));
  const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('ProductList', () => {
  it('lists Reference Number and Name with edit links, asking for 25 rows', async () => {
    const { calls } = mockApi({ 'GET /api/products/': [200, page([listItem(mask)])] });
    renderRoutes(routes, { path: '/products', session: adminSession });
    const row = (await screen.findByText('CPAP Mask')).closest('tr') as HTMLElement;
    expect(within(row).getByText('MSK-1')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit CPAP Mask' }).getAttribute('href')).toBe(`/products/${mask.id}`);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Reference Number',
      'Name',
      'Actions',
    ]);
    expect(calls[0].query.get('page_size')).toBe('25');
    expect(screen.getByRole('link', { name: 'Create Product' }).getAttribute('href')).toBe('/products/create');
  });

  it('shows the empty state', async () => {
    mockApi({ 'GET /api/products/': [200, page([])] });
    renderRoutes(routes, { path: '/products', session: adminSession });
    await screen.findByText("THERE AREN'T PRODUCTS");
  });

  it('reports 204 as deleted, 200 as cannot be deleted, anything else as a failed request', async () => {
    const user = userEvent.setup({ delay: null });
    const answers: (readonly [number, unknown?])[] = [
      [200, { detail: 'The product cannot be deleted!' }],
      [500, { detail: 'Internal server error.' }],
      [204],
    ];
    const { calls } = mockApi({
      'GET /api/products/': [200, page([listItem(mask)])],
      [`DELETE /api/products/${mask.id}/`]: () => answers.shift() ?? [404],
    });
    renderRoutes(routes, { path: '/products', session: adminSession });
    await deleteMask(user);
    await screen.findByText('The product cannot be deleted!');
    await deleteMask(user);
    await screen.findByText('The request could not be processed!');
    await deleteMask(user);
    await screen.findByText('The product has been deleted!');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1));
  });

  it('goes to /404 when the first load fails', async () => {
    mockApi({ 'GET /api/products/': [500, { detail: 'Internal server error.' }] });
    const { router } = renderRoutes(routes, { path: '/products', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
