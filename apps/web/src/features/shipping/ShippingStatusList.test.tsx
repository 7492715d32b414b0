import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHIPPING_MESSAGES, upcomingWorkDates } from '@dme/shared';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { readPersisted } from '@/lib/storage.ts';
import { shippingTestRoutes as routes } from './test-routes.tsx';
import { pageAnswer } from '@/test/factories.ts';
import { makeRecord, USA_STATES } from './test-data.ts';

const ticketed = { ticket_created: '2026-05-02T14:00:00.000Z', user_ticket: { id: 1, username: 'admin' } };

describe('Shipping Status', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:ticket'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows every column, the dots and the buttons each row allows', async () => {
    const fresh = makeRecord();
    const waiting = makeRecord({
      date: '2026-05-05',
      patient: { ...fresh.patient, id: 8, first_name: 'Walter', last_name: 'Benson', call_before_delivery: true },
    });
    const printed = makeRecord({ date: '2026-05-06', ...ticketed });
    mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/shipping-status/': pageAnswer([fresh, waiting, printed]),
    });
    renderRoutes(routes, { path: '/shipping-status/', session: adminSession });

    const table = await screen.findByRole('table', { name: 'Shipping Status' });
    for (const header of [
      'Patient Name',
      'State',
      'Order Number',
      'DOS',
      'Eligibility',
      'Customer Approved',
      'Ticket Created',
      'Ticket Created By',
      'Re Print Service',
      'Print Service',
      'Shipped',
      'Shipped Date',
    ]) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(`^${header}(\\s*sorted.*)?$`) })).toBeTruthy();
    }
    await within(table).findByText('05/06/2026');
    const link = within(table).getAllByRole('link', { name: 'Rose Albright' })[0];
    expect(link.getAttribute('href')).toBe('/patients/7');
    expect(within(table).getAllByRole('img', { name: 'Eligibility: yes' })).toHaveLength(3);
    expect(within(table).getByRole('img', { name: 'Customer Approved: no' })).toBeTruthy();
    expect(within(table).getAllByRole('img', { name: 'Customer Approved: not needed' })).toHaveLength(2);

    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button('Print Service Rose Albright 05/04/2026').disabled).toBe(false);
    expect(button('Re Print Service Rose Albright 05/04/2026').disabled).toBe(true);
    expect(button('Print Service Walter Benson 05/05/2026').disabled).toBe(true);
    expect(button('Print Service Rose Albright 05/06/2026').disabled).toBe(true);
    expect(button('Re Print Service Rose Albright 05/06/2026').disabled).toBe(false);
    const switchOf = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
    expect(switchOf('Shipped Rose Albright 05/04/2026').disabled).toBe(true);
    expect(switchOf('Shipped Rose Albright 05/06/2026').disabled).toBe(false);
    const printedRow = within(table).getByText('05/06/2026').closest('tr') as HTMLElement;
    expect(within(printedRow).getByText('05/02/2026')).toBeTruthy();
    expect(within(printedRow).getByText('admin')).toBeTruthy();
  });

  it('sends shipped and the eligibility with the Shipped switch and says how it went', async () => {
    const user = userEvent.setup({ delay: null });
    const row = makeRecord(ticketed);
    const other = makeRecord({ ...ticketed, date: '2026-05-07' });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/shipping-status/': pageAnswer([row, other]),
      [`PATCH /api/shipping-status/${row.id}/`]: [200, { ...row, shipped: true, shipped_date: '2026-05-04' }],
      [`PATCH /api/shipping-status/${other.id}/`]: [409, { detail: SHIPPING_MESSAGES.paymentExists }],
    });
    renderRoutes(routes, { path: '/shipping-status/', session: adminSession });

    await user.click(await screen.findByRole('switch', { name: 'Shipped Rose Albright 05/04/2026' }));
    await screen.findByText('Shipped successfully');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ shipped: true, eligibility_toggle: true });
    await user.click(screen.getByRole('switch', { name: 'Shipped Rose Albright 05/07/2026' }));
    await screen.findByText('Shipped failed The occurrence cannot be unshipped: its invoice already has payments.');
  });

  it('prints the ticket into a preview once, and says "Download error" when it fails', async () => {
    const user = userEvent.setup({ delay: null });
    const ok = makeRecord();
    const refused = makeRecord({ date: '2026-05-08' });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/shipping-status/': pageAnswer([ok, refused]),
      [`GET /api/export/${ok.id}/print/`]: [200, { pdf: true }],
      [`GET /api/export/${refused.id}/print/`]: [409, { detail: 'A shipping ticket has already been created.' }],
    });
    renderRoutes(routes, { path: '/shipping-status/', session: adminSession });

    await user.click(await screen.findByRole('button', { name: 'Print Service Rose Albright 05/04/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print shipping ticket: Rose Albright' });
    await within(dialog).findByTitle(`Shipping ticket ${ok.id}`);
    expect(calls.filter((c) => c.path === `/api/export/${ok.id}/print/`)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Print Service Rose Albright 05/08/2026' }));
    await screen.findByText('Download error');
  });

  it('keeps its filters for the next visit (cleared at Log Out)', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/shipping-status/': pageAnswer([makeRecord()]),
    });
    renderRoutes(routes, { path: '/shipping-status/', session: adminSession });
    await screen.findByRole('table', { name: 'Shipping Status' });
    await user.click(screen.getByRole('switch', { name: 'Hide Shipped' }));
    await user.click(screen.getByRole('combobox', { name: 'Facility' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await waitFor(() =>
      expect(
        readPersisted<{ filters: { facility: string; hidden_shipped: boolean } }>('shipping')?.filters,
      ).toMatchObject({
        facility: 'Yes',
        hidden_shipped: true,
      }),
    );
    const last = calls.filter((c) => c.path === '/api/shipping-status/').at(-1)!;
    expect(last.query.get('facility')).toBe('Yes');
    expect(last.query.get('hidden_shipped')).toBe('true');
    // It opened on the work still to do: today and the next 30 days.
    expect(last.query.get('start_date')).toBe(upcomingWorkDates().start_date);
    expect(last.query.get('end_date')).toBe(upcomingWorkDates().end_date);
  });
});

describe('Batch print and Large Batch print', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:batch'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('states the count, makes the batch and previews its PDF', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/shipping-status/': pageAnswer([makeRecord()]),
      'GET /api/getCountOcurrencesAvailablesForPrint/': [200, { count: 12 }],
      'GET /api/export_batch': [200, { batchPrintId: 5, count: 12, name: 'shipping-status-2026-05-01-2026-05-07.pdf' }],
      'GET /api/confirm_export_batch': [200, { pdf: true }],
    });
    renderRoutes(routes, { path: '/shipping-status/', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Batch print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batch print' });
    await within(dialog).findByText('12 records available for print.');
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    await within(dialog).findByText('Batch 5: 12 tickets marked Printed.');
    await within(dialog).findByTitle('Batch print 5');
    expect(calls.find((c) => c.path === '/api/confirm_export_batch')?.query.get('batchPrintId')).toBe('5');
  });

  it('tells when to review the Large Batch Print screen, queues the batch and leads on to it', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/shipping-status/': pageAnswer([makeRecord()]),
      'GET /api/getCountOcurrencesAvailablesForPrint/': [200, { count: 40 }],
      'GET /api/async_confirm_export_batch': [202, { batchPrintId: 6, count: 40, status: 'queued' }],
      'GET /api/list_batch_prints/': [200, []],
    });
    const { router } = renderRoutes(routes, { path: '/shipping-status/', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Large Batch print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Large Batch print' });
    await within(dialog).findByText('40 records available for print.');
    expect(within(dialog).getByText('Review the Large Batch Print screen in about 40 seconds.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batch_shipping_status/'));
    expect(calls.some((c) => c.path === '/api/async_confirm_export_batch')).toBe(true);
    await screen.findByText("THERE AREN'T BATCH PRINTS");
  });
});

describe('Shipping Status holds', () => {
  it('shows a Hold column: the reasons of a held occurrence, the release of a released one', async () => {
    const held = makeRecord({ holds: ['No standard written order for E0601 on file'] });
    const released = makeRecord({
      date: '2026-05-05',
      hold_release: { reason: 'Order faxed', holds: ['x'], user: 'admin', created: '2026-05-01T15:00:00Z' },
    });
    const free = makeRecord({ date: '2026-05-06' });
    mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/shipping-status/': pageAnswer([held, released, free]),
    });
    renderRoutes(routes, { path: '/shipping-status/', session: adminSession });
    const table = await screen.findByRole('table', { name: 'Shipping Status' });
    await within(table).findByText('05/06/2026');
    expect(within(table).getByRole('columnheader', { name: 'Hold' })).toBeTruthy();
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!).getByRole('button', { name: 'On hold: No standard written order for E0601 on file' }),
    ).toBeTruthy();
    expect(within(second!).getByRole('img', { name: 'Hold released by admin: Order faxed' })).toBeTruthy();
    expect(within(third!).queryByRole('button', { name: /^On hold/ })).toBeNull();
    expect(within(third!).queryByRole('img', { name: /^Hold released/ })).toBeNull();
  });
});
