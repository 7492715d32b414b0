import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RANGE_MESSAGES } from '@dme/shared';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { makeOrder, makeService } from '../test-data.ts';
import { ServicesTab } from './ServicesTab.tsx';
import { press } from '@/test/fill.ts';

const shipped = makeService({ id: 901, date: '2026-01-05', shipped: true, amount_remmited: 3, total: 37.5 });
const open = makeService({ id: 902, date: '2026-02-05', order_product_id: 11 });
const order = makeOrder({ services: [open, shipped] });

function renderTab() {
  return render(
    <Providers client={testQueryClient()}>
      <ServicesTab order={order} />
    </Providers>,
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('ServicesTab', () => {
  it('lists services by date; a shipped one cannot be deleted', () => {
    mockApi({});
    renderTab();
    const rows = within(screen.getByRole('table', { name: 'Services' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['01/05/2026', '02/05/2026']);
    expect(within(rows[0]).getByText('Shipped')).toBeTruthy();
    expect(within(rows[0]).getByText('$37.50')).toBeTruthy();
    expect(button('Delete service Nitrile Gloves 01/05/2026').disabled).toBe(true);
    expect(button('Delete service Nitrile Gloves 02/05/2026').disabled).toBe(false);
  });

  it('keeps quantity, sale price and locked price of a shipped service fixed', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({});
    renderTab();
    await user.click(button('Edit service Nitrile Gloves 01/05/2026'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    expect((within(dialog).getByRole('textbox', { name: /^Quantity/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: /^Sale Price/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Locked price' }) as HTMLInputElement).disabled).toBe(true);
    expect((document.querySelector('input[name="date"]') as HTMLInputElement).disabled).toBe(false);
  });

  it('shows a price the same way in the table and in the dialog (en-US, two decimals)', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({});
    const pricey = makeService({ id: 903, date: '2026-03-05', sale_price: 1250.75, total: 1250.75 });
    render(
      <Providers client={testQueryClient()}>
        <ServicesTab order={makeOrder({ services: [pricey] })} />
      </Providers>,
    );
    expect(screen.getAllByText('$1,250.75')).toHaveLength(2);
    await user.click(button('Edit service Nitrile Gloves 03/05/2026'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    expect((within(dialog).getByRole('textbox', { name: /^Sale Price/ }) as HTMLInputElement).value).toBe('1,250.75');
  });

  it('updates an open service and says so; a refusal says it failed', async () => {
    const user = userEvent.setup({ delay: null });
    let status = 200;
    const { calls } = mockApi({
      [`PATCH /api/services/${open.id}/`]: () =>
        status === 200 ? [200, { ...open, amount_remmited: 4 }] : [422, { amount_remmited: [RANGE_MESSAGES.quantity] }],
    });
    renderTab();
    await user.click(button('Edit service Nitrile Gloves 02/05/2026'));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    const quantity = within(dialog).getByRole('textbox', { name: /^Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '4');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Service updated successfully.');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      product_id: open.product.id,
      date: '2026-02-05',
      amount_remmited: 4,
      sale_price: '12.50',
      locked_price: false,
    });

    status = 422;
    await user.click(button('Edit service Nitrile Gloves 02/05/2026'));
    dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Quantity/ }), '0');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Service updated failed.');
    expect(within(dialog).getByText(RANGE_MESSAGES.quantity)).toBeTruthy();
  });

  it('clones with the product fixed and a new date required', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'POST /api/clone_service/': [201, { ...open, id: 903, date: '2026-02-20' }] });
    renderTab();
    await user.click(button('Clone service Nitrile Gloves 02/05/2026'));
    const dialog = await screen.findByRole('dialog', { name: 'Clone Service' });
    expect((within(dialog).getByRole('textbox', { name: 'Product' }) as HTMLInputElement).disabled).toBe(true);
    const clone = within(dialog).getByRole('button', { name: 'Clone' }) as HTMLButtonElement;
    expect(clone.disabled).toBe(true);
    fireEvent.change(document.querySelector('input[name="date"]') as HTMLInputElement, {
      target: { value: '02/20/2026' },
    });
    await waitFor(() => expect(clone.disabled).toBe(false));
    await user.click(clone);
    await screen.findByText('Service cloned successfully.');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      product_id: open.product.id,
      order_product_id: 11,
      date: '2026-02-20',
      amount_remmited: 2,
      sale_price: '12.50',
      added_percentage: false,
      percentage: null,
      adjusted_sale_price: 12.5,
      tax_amount: 0,
    });
  });

  it('deletes after confirmation and reports a failure', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ [`DELETE /api/services/${open.id}/`]: [500, { detail: 'Internal server error.' }] });
    renderTab();
    await user.click(button('Delete service Nitrile Gloves 02/05/2026'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('Service delete failed.');
  });
});
