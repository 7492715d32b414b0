import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { upcomingWorkDates } from '@dme/shared';
import { dashboardTiles, menuEntries } from '@/app/areas.ts';
import { pageAnswer } from '@/test/factories.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { workQueuesTestRoutes as routes } from '../test-routes.tsx';
import { makeDocumentsQueueRow, USA_STATES } from '../test-data.ts';

const held = makeDocumentsQueueRow({ id: 41 });
const expiring = makeDocumentsQueueRow({
  kind: 'document',
  id: 41,
  date: '2026-03-31',
  patient: { id: 8, first_name: 'Ada', last_name: 'Lopez', state: null },
  order: null,
  document: { id: 41, type: 'prior_authorization', number: '88123', hcpcs: ['E0193'] },
  description: 'Prior authorization 88123 for E0193 ends 03/31/2026',
  holds: [],
});

describe('Documents queue', () => {
  it("opens on today and the next 30 days by patient, each row leading to the patient's Documents tab", async () => {
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/documents_queue/': pageAnswer([held, expiring]),
    });
    renderRoutes(routes, { path: '/documents-queue/', session: adminSession });
    const table = await screen.findByRole('table', { name: 'Documents' });
    await within(table).findByText('Maria Garcia');
    const query = calls.find((c) => c.path === '/api/documents_queue/')?.query;
    const { start_date, end_date } = upcomingWorkDates();
    expect(query?.get('start_date')).toBe(start_date);
    expect(query?.get('end_date')).toBe(end_date);
    expect(query?.get('ordering')).toBe('patient_name');
    expect(query?.get('facility')).toBe('All');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/sorted.*$/, '')),
    ).toEqual(['Patient Name', 'Date', 'What', 'Order', 'Hold']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Maria Garcia' }).getAttribute('href')).toBe(
      '/patients/7?tab=documents',
    );
    expect(within(first!).getByText('03/10/2026')).toBeTruthy();
    expect(within(first!).getByText('On hold: no prior authorization for K0856')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: '#3 Power wheelchair' }).getAttribute('href')).toBe(
      '/orders/3/edit',
    );
    expect(
      within(first!).getByRole('button', { name: 'On hold: No prior authorization for K0856 from Medicare DME' }),
    ).toBeTruthy();
    // A document running out: no order, nothing held.
    expect(within(second!).getByRole('link', { name: 'Ada Lopez' }).getAttribute('href')).toBe(
      '/patients/8?tab=documents',
    );
    expect(within(second!).getByText('Prior authorization 88123 for E0193 ends 03/31/2026')).toBeTruthy();
    expect(within(second!).queryByRole('link', { name: /^#/ })).toBeNull();
    expect(within(second!).queryByRole('button', { name: /^On hold/ })).toBeNull();
  });

  it('sorts by date and filters by facility', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/documents_queue/': pageAnswer([held]),
    });
    renderRoutes(routes, { path: '/documents-queue/', session: adminSession });
    const table = await screen.findByRole('table', { name: 'Documents' });
    await within(table).findByText('Maria Garcia');
    await user.click(within(table).getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('ordering')).toBe('date'));
    await user.click(screen.getByRole('combobox', { name: 'Facility' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('facility')).toBe('Yes'));
  });

  it("says THERE AREN'T DOCUMENTS OR HOLDS when nothing needs work", async () => {
    mockApi({ 'GET /api/usa_states/': [200, USA_STATES], 'GET /api/documents_queue/': pageAnswer([]) });
    renderRoutes(routes, { path: '/documents-queue/', session: adminSession });
    await screen.findByText("THERE AREN'T DOCUMENTS OR HOLDS");
  });
});

describe('Documents queue in the menu', () => {
  it('sits after Expirations, with the other work queues, for every role', () => {
    const keys = menuEntries.map((entry) => entry.key);
    expect(keys.indexOf('documents-queue')).toBe(keys.indexOf('expirations') + 1);
    expect(menuEntries.find((entry) => entry.key === 'documents-queue')).toMatchObject({
      label: 'Documents',
      path: '/documents-queue/',
    });
    expect(dashboardTiles.find((tile) => tile.key === 'documents-queue')?.adminOnly).toBeUndefined();
  });
});
