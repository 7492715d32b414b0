import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { fill, press } from '@/test/fill.ts';
import { DELIVERIES, makeLine, makeOccurrence, makeOrder, makeService, RECURRENCES, STATUSES } from './test-data.ts';

const lookups = {
  'GET /api/order_status/': [200, STATUSES],
  'GET /api/deliveries/': [200, DELIVERIES],
  'GET /api/recurrences/': [200, RECURRENCES],
} as const;

const january = makeOccurrence({
  id: 401,
  date: '2026-01-05',
  po_number: 'A-1',
  services: [
    makeService({
      id: 1,
      date: '2026-01-05',
      product: { id: 1, name: 'Walker', internal_code: 'W-1' },
      amount_remmited: 1,
      sale_price: 80,
      total: 80,
    }),
    makeService({
      id: 2,
      date: '2026-01-05',
      product: { id: 2, name: 'Bandage', internal_code: 'B-1' },
      amount_remmited: 5,
      sale_price: 2.5,
      total: 12.5,
    }),
  ],
});
const february = makeOccurrence({ id: 402, date: '2026-02-05', shipped: true, tax: 1.25 });
const order = makeOrder({ id: 9, order_products: [makeLine()], ocurrences: [february, january] });

function renderEdit(handlers: Record<string, unknown> = {}, current: Order = order) {
  const api = mockApi({
    ...lookups,
    'GET /api/orders/9/': [200, current],
    ...(handlers as Parameters<typeof mockApi>[0]),
  });
  const view = renderRoutes(routes, { path: '/orders/9/edit', session: adminSession });
  return { ...api, ...view };
}

describe('OrderEdit', () => {
  it('goes to /404 when the order is not found', async () => {
    mockApi({ ...lookups, 'GET /api/orders/77/': [404, { detail: 'Not found.' }] });
    const { router } = renderRoutes(routes, { path: '/orders/77/edit', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('saves header fields on blur or change; an empty order name is not saved', async () => {
    const user = userEvent.setup({ delay: null });
    const patches: MockCall[] = [];
    renderEdit({
      'PATCH /api/orders/9/': (call: MockCall) => {
        patches.push(call);
        return [200, { ...order, ...(call.body as object) }];
      },
    });
    const name = await screen.findByRole('textbox', { name: /^Order Name/ });
    expect((name as HTMLInputElement).value).toBe('Monthly gloves');
    expect(screen.queryByRole('link', { name: 'Back to patient' })).toBeNull();
    expect((screen.getByRole('combobox', { name: /^Patient/ }) as HTMLInputElement).disabled).toBe(false);

    await user.clear(name);
    await user.tab();
    await screen.findByText('Order name is required');
    expect(patches).toHaveLength(0);

    await user.type(name, 'Gloves and walker');
    await user.tab();
    await screen.findByText('The order has been update!');
    expect(patches[0].body).toEqual({ name: 'Gloves and walker' });

    await user.click(screen.getByRole('combobox', { name: /^Delivery/ }));
    await user.click(await screen.findByRole('option', { name: 'Deliver' }));
    await waitFor(() => expect(patches[1]?.body).toEqual({ delivery_id: 2 }));

    // Leaving an unchanged field sends nothing.
    await user.click(screen.getByRole('textbox', { name: 'PO Number' }));
    await user.tab();
    expect(patches).toHaveLength(2);
  });

  it('shows the product lines with MM/DD/YYYY dates', async () => {
    renderEdit();
    const table = await screen.findByRole('table', { name: 'Products' });
    const cells = within(table).getAllByRole('row')[1];
    expect(within(cells).getByText('Nitrile Gloves')).toBeTruthy();
    expect(within(cells).getByText('01/05/2026')).toBeTruthy();
    expect(within(cells).getByText('03/05/2026')).toBeTruthy();
    expect(within(cells).getByText('Monthly')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add product' })).toBeTruthy();
  });

  it('Services w Totals: occurrences by date with a Total row, PO saved on blur, sort by product', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderEdit({
      'PATCH /api/ocurrences/401/': [200, { ...january, po_number: 'A-2' }],
    });
    await user.click(await screen.findByRole('tab', { name: 'Services w Totals' }));
    const table = screen.getByRole('table', { name: 'Services w Totals' });
    const dates = within(table)
      .getAllByRole('row')
      .map((row) => row.querySelector('td')?.textContent)
      .filter((text) => text && /^\d\d\/|Total/.test(text));
    expect(dates).toEqual(['01/05/2026', '02/05/2026', 'Total']);
    const totalRow = within(table).getByText('Total', { selector: 'td' }).closest('tr') as HTMLElement;
    expect(within(totalRow).getByText(/\$117\.50/)).toBeTruthy();
    expect(within(totalRow).getByText('+ tax $1.25')).toBeTruthy();

    const po = screen.getByRole('textbox', { name: 'Ocurrence PO 01/05/2026' });
    await user.clear(po);
    await user.type(po, 'A-2');
    fireEvent.blur(po);
    await screen.findByText('The Ocurrence Po was added successfully');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ po_number: 'A-2' });

    // Date is sorted ascending by default; a click on it sorts descending.
    await user.click(within(table).getByRole('button', { name: 'Date' }));
    const firstDate = within(table).getAllByRole('row')[1].querySelector('td')?.textContent;
    expect(firstDate).toBe('02/05/2026');

    // A product sort opens the occurrences and orders their services (still descending).
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Product' }));
    const services = await screen.findByRole('table', { name: 'Services of 01/05/2026' });
    const names = () =>
      within(services)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    expect(names()).toEqual(['Walker', 'Bandage']);
    await user.click(within(services).getByRole('button', { name: 'Product' }));
    expect(names()).toEqual(['Bandage', 'Walker']);
  });

  it('Notes: saves both notes with "The order has been update!"', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderEdit({
      'PATCH /api/orders/9/': (call: MockCall) => [200, { ...order, ...(call.body as object) }],
    });
    await user.click(await screen.findByRole('tab', { name: 'Notes' }));
    const office = screen.getByRole('textbox', { name: 'Office Notes' }) as HTMLTextAreaElement;
    expect(office.rows).toBe(15);
    const save = screen.getByRole('button', { name: 'Save Notes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await fill(user, office, 'Deliver after 3 pm');
    await fill(user, screen.getByRole('textbox', { name: 'Patients Notes' }), 'Allergic to latex');
    await press(user, save);
    await screen.findByText('The order has been update!');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      office_notes: 'Deliver after 3 pm',
      patient_notes: 'Allergic to latex',
    });
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('Expirations: the dialog requires date and note, and a yellow date when yellow', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderEdit({
      'POST /api/orders/9/expirations/': (call: MockCall) => [
        201,
        {
          id: 1,
          order_id: 9,
          solved: false,
          red_solved_date: null,
          yellow_solved_date: null,
          ...(call.body as object),
        },
      ],
    });
    await user.click(await screen.findByRole('tab', { name: 'Expirations' }));
    expect(screen.getByText("THERE AREN'T EXPIRATIONS")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Expiration' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Expiration' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    const note = within(dialog).getByRole('textbox', { name: /^Note/ });
    await user.click(note);
    await user.tab();
    await within(dialog).findByText('Note is required');

    fireEvent.change(document.querySelector('input[name="date"]') as HTMLInputElement, {
      target: { value: '03/01/2026' },
    });
    await fill(user, note, 'Prescription renewal');
    const yellowDate = document.querySelector('input[name="yellow_date"]') as HTMLInputElement;
    expect(yellowDate.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Yellow' }));
    await waitFor(() => expect(save.disabled).toBe(true));
    fireEvent.change(yellowDate, { target: { value: '02/15/2026' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    // Unchecking Yellow clears the yellow date.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Yellow' }));
    await waitFor(() => expect(yellowDate.value).toBe(''));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Yellow' }));
    fireEvent.change(yellowDate, { target: { value: '02/15/2026' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await screen.findByText('The expiration was added succesfully!');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: '2026-03-01',
      note: 'Prescription renewal',
      yellow: true,
      yellow_date: '2026-02-15',
      waiver: false,
    });
  });

  it('from a patient: Back to patient and a locked patient', async () => {
    mockApi({ ...lookups, 'GET /api/orders/9/': [200, order] });
    const { router } = renderRoutes(routes, { path: '/home', session: adminSession });
    await router.navigate('/orders/9/edit', { state: { fromPatient: 7 } });
    expect((await screen.findByRole('link', { name: 'Back to patient' })).getAttribute('href')).toBe('/patients/7');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /^Patient/ }) as HTMLInputElement).disabled).toBe(true),
    );
  });
});
