import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workQueuesTestRoutes as routes } from '../test-routes.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { pageAnswer } from '@/test/factories.ts';
import { makeCallEligibilityRow, USA_STATES } from '../test-data.ts';

describe('Call Patient w Eligibility', () => {
  it('shows alerts and approval per patient; a completed row leaves the list after its toggle', async () => {
    const user = userEvent.setup({ delay: null });
    const maria = makeCallEligibilityRow({
      id: 51,
      eligibility_toggle: true,
      has_expirations: true,
      expirations: [
        {
          id: 1,
          date: '2026-03-10',
          yellow: false,
          yellow_date: null,
          solved: false,
          red_solved_date: null,
          yellow_solved_date: null,
        },
      ],
    });
    const ada = makeCallEligibilityRow(
      { id: 52 },
      { id: 8, first_name: 'Ada', last_name: 'Lopez', call_before_delivery: false, insurances: [] },
    );
    let served = [maria, ada];
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/call-patient-eligibility/': () => pageAnswer(served),
      'PATCH /api/call-patient-eligibility/51/': () => {
        served = [ada];
        return [200, { ...maria, customer_approved: true }];
      },
    });
    renderRoutes(routes, { path: '/call-customer-w-eligibility/', session: adminSession });

    const row = (await screen.findByText('Maria Garcia')).closest('tr') as HTMLElement;
    expect(calls.find((c) => c.path === '/api/call-patient-eligibility/')?.query.get('hidden_completed')).toBe('true');
    expect(within(row).getByRole('img', { name: 'Alert Red' })).toBeTruthy();
    expect(within(row).getByText('TX')).toBeTruthy();
    expect(within(row).getByText('Medicare - MC-1')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Order Maria Garcia 03/10/2026' }).getAttribute('href')).toBe(
      '/call-customer-w-eligibility/51',
    );
    const adaRow = screen.getByText('Ada Lopez').closest('tr') as HTMLElement;
    expect(within(adaRow).queryByRole('img', { name: /^Alert/ })).toBeNull();
    expect(within(adaRow).getByRole('img', { name: 'No call before delivery Ada Lopez 03/10/2026' })).toBeTruthy();
    expect(within(adaRow).queryByRole('switch', { name: /^Patient Approved/ })).toBeNull();

    await user.click(within(row).getByRole('switch', { name: 'Patient Approved Maria Garcia 03/10/2026' }));
    await screen.findByText('The ocurrence has been updated!');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ customer_approved: true });
    await waitFor(() => expect(screen.queryByText('Maria Garcia')).toBeNull());
    expect(screen.getByText('Ada Lopez')).toBeTruthy();
  });

  it("says THERE AREN'T CALL PATIENTS when nothing is due", async () => {
    mockApi({ 'GET /api/usa_states/': [200, USA_STATES], 'GET /api/call-patient-eligibility/': pageAnswer([]) });
    renderRoutes(routes, { path: '/call-customer-w-eligibility/', session: adminSession });
    await screen.findByText("THERE AREN'T CALL PATIENTS");
  });
});

describe('Call Patient w Eligibility holds', () => {
  it('shows a Hold column with the reasons of a held occurrence', async () => {
    const held = makeCallEligibilityRow({ id: 61, holds: ['No standard written order for E0601 on file'] });
    const free = makeCallEligibilityRow({ id: 62 }, { id: 8, first_name: 'Ada', last_name: 'Lopez' });
    mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/call-patient-eligibility/': pageAnswer([held, free]),
    });
    renderRoutes(routes, { path: '/call-customer-w-eligibility/', session: adminSession });
    const row = (await screen.findByText('Maria Garcia')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Hold' })).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'On hold: No standard written order for E0601 on file' }),
    ).toBeTruthy();
    const adaRow = screen.getByText('Ada Lopez').closest('tr') as HTMLElement;
    expect(within(adaRow).queryByRole('button', { name: /^On hold/ })).toBeNull();
  });
});
