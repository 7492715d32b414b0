import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RANGE_MESSAGES } from '@dme/shared';
import * as apiClient from '@/lib/api-client.ts';
import { fill, press } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { page } from '@/test/factories.ts';
import { listItem, makeProduct } from './test-data.ts';
import { productTestRoutes as routes } from './test-routes.tsx';

const gauze = makeProduct({
  name: 'Gauze',
  internal_code: 'GZ-1',
  quantity: 40,
  qty_unit_measures: [
    { unit_measure: 'Box', quantity: 4, active: true },
    { unit_measure: 'Each', quantity: 0, active: true },
    { unit_measure: 'Case', quantity: 9, active: false },
  ],
});

function cells(name: string) {
  const table = screen.getByRole('table', { name: 'Products Inventory' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '');
  const row = within(table).getByText(name).closest('tr') as HTMLElement;
  const values = within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
  return Object.fromEntries(headers.map((h, i) => [h, values[i]]));
}

describe('ProductInventory', () => {
  it('shows a unit cell only for the units active for the product', async () => {
    mockApi({ 'GET /api/products/': [200, page([listItem(gauze)])] });
    renderRoutes(routes, { path: '/products_inventory', session: adminSession });
    await screen.findByText('Gauze');
    const row = cells('Gauze');
    expect(Object.keys(row)).toEqual([
      'Reference Number',
      'Add',
      'Name',
      'Each',
      'Bag',
      'Case',
      'Pack',
      'Hours',
      'Box',
      'Quantity on Hand',
    ]);
    expect(row).toMatchObject({ Each: '0', Bag: '', Case: '', Pack: '', Hours: '', Box: '4' });
    expect(screen.getByRole('link', { name: 'GZ-1' }).getAttribute('href')).toBe(`/products/${gauze.id}`);
  });

  it('saves the quantity on hand (200) and says when it fails', async () => {
    const user = userEvent.setup({ delay: null });
    const posted: MockCall[] = [];
    mockApi({
      'GET /api/products/': [200, page([listItem(gauze)])],
      'POST /api/products/update_qty_of_hand/': (call) => {
        posted.push(call);
        return posted.length === 1 ? [200, { ...gauze, quantity: 55 }] : [422, { quantity: [RANGE_MESSAGES.quantity] }];
      },
    });
    renderRoutes(routes, { path: '/products_inventory', session: adminSession });
    const input = (await screen.findByRole('textbox', { name: 'Quantity on Hand of Gauze' })) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save quantity of Gauze' }) as HTMLButtonElement;
    expect(input.value).toBe('40');
    expect(save.disabled).toBe(true);
    await user.clear(input);
    await fill(user, input, '5.5');
    expect(save.disabled).toBe(true);
    await user.clear(input);
    await fill(user, input, '55');
    expect(save.disabled).toBe(false);
    await user.click(save);
    await screen.findByText('Updated successfully!');
    expect(posted[0].body).toEqual({ product_id: gauze.id, quantity: 55 });

    await user.clear(input);
    await fill(user, input, '56');
    await user.click(screen.getByRole('button', { name: 'Save quantity of Gauze' }));
    await screen.findByText('The request could not be processed!');
  });

  it('opens the unit-measure dialog from Add and posts the unit, quantity and active flag (201)', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    mockApi({
      'GET /api/products/': [200, page([listItem(gauze)])],
      'POST /api/products/update_qty_of_hand/': (call) => {
        posted = call;
        return [201, gauze];
      },
    });
    renderRoutes(routes, { path: '/products_inventory', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Add unit measure to Gauze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unit Measures' });
    await user.click(within(dialog).getByRole('combobox', { name: /Unit Measure/ }));
    await user.click(await screen.findByRole('option', { name: 'Case' }));
    const quantity = within(dialog).getByRole('textbox', { name: /Quantity/ }) as HTMLInputElement;
    expect(quantity.value).toBe('9');
    expect((within(dialog).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(false);
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.clear(quantity);
    await fill(user, quantity, '12');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Updated successfully!');
    expect(posted?.body).toEqual({ product_id: gauze.id, unit_measure: 'Case', quantity: 12, active: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unit Measures' })).toBeNull());
  });

  it('downloads the report as InventoryReport-{date time}.pdf with the search', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/products/': [200, page([listItem(gauze)])] });
    const download = vi.spyOn(apiClient, 'download').mockResolvedValue(undefined);
    renderRoutes(routes, { path: '/products_inventory', session: adminSession });
    await screen.findByText('Gauze');
    await user.click(screen.getByRole('button', { name: 'Report PDF' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [path, filename, options] = download.mock.calls[0];
    expect(path).toBe('/export_products/');
    expect(filename).toMatch(/^InventoryReport-\d{4}-\d{2}-\d{2} \d{2}-\d{2}\.pdf$/);
    expect(options).toEqual({ params: { search: '' } });
  });
});
