import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workQueuesTestRoutes as routes } from '../test-routes.tsx';
import { fill, press } from '@/test/fill.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { CHOOSE_BOTH_DATES } from '../filters/use-date-gate.ts';
import { pageAnswer } from '@/test/factories.ts';
import { makeExpiration, USA_STATES } from '../test-data.ts';

function dateInput(container: HTMLElement, name: string) {
  return container.querySelector(`input[name="${name}"]`) as HTMLInputElement;
}

async function chooseMarch(container: HTMLElement) {
  await waitFor(() => expect(dateInput(container, 'start_date')).toBeTruthy());
  fireEvent.change(dateInput(container, 'start_date'), { target: { value: '03/01/2026' } });
  fireEvent.change(dateInput(container, 'end_date'), { target: { value: '03/31/2026' } });
}

describe('Expirations', () => {
  it('fetches nothing until both dates are set; colours rows; Solved sends the shared payload', async () => {
    const user = userEvent.setup({ delay: null });
    const due = makeExpiration({ id: 11, date: '2026-03-10' });
    const solved = makeExpiration({
      id: 12,
      date: '2026-03-12',
      patient: { id: 8, first_name: 'Ada', last_name: 'Lopez' },
      red_solved_date: '2026-03-02',
      color: 'green',
    });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/expirations/': pageAnswer([due, solved]),
      'PATCH /api/expirations/11/': [200, { ...due, solved: true }],
    });
    const { container } = renderRoutes(routes, { path: '/expirations/', session: adminSession });

    await screen.findByText(CHOOSE_BOTH_DATES);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Batch print' }).disabled).toBe(true);
    expect(calls.some((c) => c.path === '/api/expirations/')).toBe(false);

    await chooseMarch(container);
    const patient = await screen.findByRole('link', { name: 'Maria Garcia' });
    expect(patient.getAttribute('href')).toBe('/patients/7');
    const request = calls.find((c) => c.path === '/api/expirations/');
    expect(request?.query.get('start_date')).toBe('2026-03-01');
    expect(request?.query.get('end_date')).toBe('2026-03-31');
    expect(request?.query.get('waiver')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Batch print' }).disabled).toBe(false);

    const dueRow = patient.closest('tr') as HTMLElement;
    expect(within(dueRow).getByRole('img', { name: 'Red' })).toBeTruthy();
    const solvedRow = screen.getByRole('link', { name: 'Ada Lopez' }).closest('tr') as HTMLElement;
    expect(within(solvedRow).getByRole('img', { name: 'Green' })).toBeTruthy();
    expect(within(solvedRow).getByRole<HTMLInputElement>('switch').checked).toBe(true);

    await user.click(within(dueRow).getByRole('switch', { name: 'Solved Maria Garcia 03/10/2026' }));
    await screen.findByText('Updated successfully');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ solved: true, color: 'red' });

    await user.click(screen.getByRole('tab', { name: 'Waiver False' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/expirations/')
          .at(-1)
          ?.query.get('waiver'),
      ).toBe('false'),
    );
  });

  it('edits an expiration: note required, unchecking Yellow clears the yellow date', async () => {
    const user = userEvent.setup({ delay: null });
    const row = makeExpiration({ id: 21, yellow: true, yellow_date: '2026-03-03', color: 'red' });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/expirations/': pageAnswer([row]),
      'PATCH /api/expirations/21/': [200, row],
    });
    const { container } = renderRoutes(routes, { path: '/expirations/', session: adminSession });
    await chooseMarch(container);
    await user.click(await screen.findByRole('button', { name: 'Edit expiration Maria Garcia 03/10/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Expiration' });

    const note = within(dialog).getByRole('textbox', { name: /^Note/ });
    await user.clear(note);
    await user.tab();
    await within(dialog).findByText('Note is required');
    await fill(user, note, 'Call the physician');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Yellow' }));
    await waitFor(() => expect(dateInput(dialog, 'yellow_date').value).toBe(''));
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The expiration has been updated!');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      date: '2026-03-10',
      yellow: false,
      yellow_date: null,
      note: 'Call the physician',
      waiver: true,
    });
  });
});
