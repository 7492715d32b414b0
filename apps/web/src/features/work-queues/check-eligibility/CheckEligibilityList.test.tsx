import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workQueuesTestRoutes as routes } from '../test-routes.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { pageAnswer } from '@/test/factories.ts';
import { makeEligibilityRow, USA_STATES } from '../test-data.ts';

describe('Check Eligibility', () => {
  it('searches the loaded page on the client and saves the Eligibility switch', async () => {
    const user = userEvent.setup({ delay: null });
    const maria = makeEligibilityRow({ id: 41 });
    const ada = makeEligibilityRow({
      id: 42,
      order: {
        ...maria.order,
        id: 4,
        patient: { ...maria.order.patient, id: 8, first_name: 'Ada', last_name: 'Lopez', insurances: [] },
      },
    });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/check-eligibility/': pageAnswer([maria, ada]),
      'PATCH /api/check-eligibility/41/': [200, { ...maria, eligibility_toggle: true }],
    });
    renderRoutes(routes, { path: '/check-eligibility/', session: adminSession });

    const row = (await screen.findByText('Maria Garcia')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Medicare - MC-1')).toBeTruthy();
    expect(within(row).getByText('04/02/1950')).toBeTruthy();
    const adaRow = screen.getByText('Ada Lopez').closest('tr') as HTMLElement;
    expect(within(adaRow).getByText('-')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'medicare');
    await waitFor(() => expect(screen.queryByText('Ada Lopez')).toBeNull());
    expect(screen.getByText('Maria Garcia')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/check-eligibility/')).toHaveLength(1);

    await user.click(screen.getByRole('switch', { name: 'Eligibility Maria Garcia 03/10/2026' }));
    await screen.findByText('The ocurrence has been updated!');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ eligibility_toggle: true });
  });
});
