import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientRental } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { STATES } from '@/test/factories.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makePatient } from '../test-data.ts';

function makeRental(overrides: Partial<PatientRental> = {}): PatientRental {
  return {
    hcpcs: 'E0601',
    product: { id: 42, name: 'CPAP Machine' },
    order_id: 15,
    order_product_id: 151,
    payment_category: 'CR',
    current_month: 12,
    cap: 13,
    status: 'renting',
    owned_since: null,
    next_bill_date: '2027-08-01',
    note: 'Month 12 of 13: ownership transfers on 09/01/2027',
    ...overrides,
  };
}

const RENTALS: PatientRental[] = [
  makeRental(),
  makeRental({
    hcpcs: 'E0260',
    product: { id: 43, name: 'Hospital Bed' },
    order_id: 16,
    order_product_id: 161,
    current_month: 14,
    status: 'owned',
    owned_since: '2026-05-01',
    next_bill_date: null,
    note: 'Owned by the patient since 05/01/2026',
  }),
  makeRental({
    hcpcs: 'E1390',
    product: { id: 44, name: 'Oxygen Concentrator' },
    order_id: 17,
    order_product_id: 171,
    payment_category: 'OX',
    current_month: 40,
    cap: 36,
    status: 'furnished_without_payment',
    next_bill_date: '2027-08-01',
    note: 'Furnished without payment, month 40 of 60',
  }),
];

async function openRentals(rentals: PatientRental[]) {
  const user = userEvent.setup({ delay: null });
  const patient = makePatient({ id: 7 });
  const { calls } = mockApi({
    'GET /api/usa_states/': [200, STATES],
    'GET /api/patients/7/': [200, patient],
    'GET /api/patients/7/rentals/': [200, rentals],
    // The order screen is the orders area's; here it only has to open.
    'GET /api/orders/15/': () => new Promise(() => undefined),
  });
  const view = renderRoutes(routes, { path: '/patients/7', session: { ...adminSession, role_id: 2 } });
  await user.click(await screen.findByRole('tab', { name: 'Rentals' }));
  return { ...view, calls };
}

describe('Rentals tab of Edit Patient', () => {
  it("lists the patient's rented items: month of the cap, status, ownership and the next bill", async () => {
    const { calls } = await openRentals(RENTALS);
    const table = await screen.findByRole('table', { name: 'Rentals' });
    await within(table).findByText('E0601 CPAP Machine');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Item', 'Category', 'Month', 'Status', 'Owned since', 'Next bill date', 'Note']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [
        'E0601 CPAP Machine',
        'CR',
        '12 of 13',
        'Renting',
        '-',
        '08/01/2027',
        'Month 12 of 13: ownership transfers on 09/01/2027',
      ],
      [
        'E0260 Hospital Bed',
        'CR',
        '14 of 13',
        'Owned by the patient',
        '05/01/2026',
        '-',
        'Owned by the patient since 05/01/2026',
      ],
      [
        'E1390 Oxygen Concentrator',
        'OX',
        '40 of 36',
        'Furnished without payment',
        '-',
        '08/01/2027',
        'Furnished without payment, month 40 of 60',
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'E0601 CPAP Machine' }).getAttribute('href')).toBe(
      '/orders/15/edit',
    );
    expect(calls.filter((c) => c.path === '/api/patients/7/rentals/')).toHaveLength(1);
  });

  it('opens the order of an item, with the way back to the patient', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await openRentals([makeRental()]);
    await user.click(await screen.findByRole('link', { name: 'E0601 CPAP Machine' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/15/edit'));
    expect(router.state.location.state).toEqual({ fromPatient: 7 });
  });

  it('says when the patient rents nothing', async () => {
    await openRentals([]);
    await screen.findByText('No rented items');
  });
});
