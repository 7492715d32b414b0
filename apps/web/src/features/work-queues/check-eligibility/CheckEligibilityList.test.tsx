import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workQueuesTestRoutes as routes } from '../test-routes.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { pageAnswer } from '@/test/factories.ts';
import { makeEligibilityRow, USA_STATES } from '../test-data.ts';

describe('Check Eligibility', () => {
  it('searches on the client and saves the Eligibility switch', async () => {
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
    // The search reads every row of the filters once, with no search text sent to the server.
    const reads = calls.filter((c) => c.path === '/api/check-eligibility/');
    expect(reads.map((c) => [c.query.get('page_size'), c.query.get('search')])).toEqual([
      ['25', null],
      ['100', null],
    ]);

    await user.click(screen.getByRole('switch', { name: 'Eligibility Maria Garcia 03/10/2026' }));
    await screen.findByText('The ocurrence has been updated!');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ eligibility_toggle: true });
  });

  it('finds rows beyond the page on screen, and counts what it shows', async () => {
    const user = userEvent.setup({ delay: null });
    const base = makeEligibilityRow({ id: 100 });
    const rows = Array.from({ length: 30 }, (_, i) => ({
      ...base,
      id: 100 + i,
      order: {
        ...base.order,
        id: 200 + i,
        patient: { ...base.order.patient, id: 300 + i, first_name: 'Pat', last_name: i === 27 ? 'Quinn' : `Lee${i}` },
      },
    }));
    mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/check-eligibility/': ({ query }) => {
        const size = Number(query.get('page_size'));
        const at = (Number(query.get('page')) - 1) * size;
        return [200, { results: rows.slice(at, at + size), count: rows.length, page_size: size, current: 1 }];
      },
    });
    renderRoutes(routes, { path: '/check-eligibility/', session: adminSession });
    await screen.findByText('Pat Lee0');
    expect(screen.queryByText('Pat Quinn')).toBeNull();
    expect(screen.getByText('1–25 of 30')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'quinn');
    await screen.findByText('Pat Quinn');
    expect(screen.queryByText('Pat Lee0')).toBeNull();
    expect(screen.getByText('1–1 of 1')).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await screen.findByText('Pat Lee0');
    expect(screen.getByText('1–25 of 30')).toBeTruthy();
  });
});
