import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workQueuesTestRoutes as routes } from '../test-routes.tsx';
import { PERSIST_PREFIX, writePersisted } from '@/lib/storage.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { pageAnswer } from '@/test/factories.ts';
import { makeCallPatient, USA_STATES } from '../test-data.ts';
import { CALL_PATIENTS_PERSIST_KEY } from './CallPatientList.tsx';

const persistedMarch = (start: string, end: string) =>
  writePersisted(CALL_PATIENTS_PERSIST_KEY, {
    search: '',
    page: 1,
    pageSize: 25,
    filters: { start_date: start, end_date: end, state: null },
  });

describe('Call Patients', () => {
  it('lists with the persisted dates: contacts, show more, detail link, Patient Approved switch', async () => {
    const user = userEvent.setup({ delay: null });
    persistedMarch('2026-03-01', '2026-03-07');
    let row = makeCallPatient({ id: 31 });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/call-customers/': () => pageAnswer([row]),
      'PATCH /api/call-customers/31/': () => {
        row = { ...row, customer_approved: true };
        return [200, row];
      },
    });
    renderRoutes(routes, { path: '/call-customers/', session: adminSession });

    const name = await screen.findByText('Maria Garcia');
    const tr = name.closest('tr') as HTMLElement;
    for (const text of [
      'Texas',
      '(555) 010-2000',
      '(555) 010-3000',
      'Luis Garcia',
      '(555) 010-4000',
      'Son',
      '03/10/2026',
    ]) {
      expect(within(tr).getByText(text)).toBeTruthy();
    }
    const request = calls.find((c) => c.path === '/api/call-customers/');
    expect(request?.query.get('start_date')).toBe('2026-03-01');
    expect(request?.query.get('end_date')).toBe('2026-03-07');
    expect(within(tr).getByRole('link', { name: 'Show detail Maria Garcia 03/10/2026' }).getAttribute('href')).toBe(
      '/call-customers/31',
    );

    await user.click(within(tr).getByRole('button', { name: 'show more' }));
    const contacts = await screen.findByRole('dialog', { name: 'Contacts' });
    expect(within(contacts).getByText('Ana Garcia')).toBeTruthy();
    expect(within(contacts).getByText('Daughter')).toBeTruthy();
    await user.click(within(contacts).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contacts' })).toBeNull());

    const approved = within(tr).getByRole<HTMLInputElement>('switch', {
      name: 'Patient Approved Maria Garcia 03/10/2026',
    });
    await user.click(approved);
    await screen.findByText('The ocurrence has been updated!');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ customer_approved: true });
    await waitFor(() => expect(approved.checked).toBe(true));
    expect(window.localStorage.getItem(`${PERSIST_PREFIX}${CALL_PATIENTS_PERSIST_KEY}`)).toContain('2026-03-07');
  });

  it('fetches nothing while the start date is after the end date', async () => {
    persistedMarch('2026-03-09', '2026-03-01');
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/call-customers/': pageAnswer([]),
    });
    renderRoutes(routes, { path: '/call-customers/', session: adminSession });
    await screen.findByText('The start date cannot be after the end date');
    expect(screen.getByText("THERE AREN'T CALL PATIENTS")).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/call-customers/')).toBe(false);
  });
});
