import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { fill } from '@/test/fill.ts';
import { DELIVERIES, makeOrder, STATUSES } from './test-data.ts';

const lookups = { 'GET /api/order_status/': [200, STATUSES], 'GET /api/deliveries/': [200, DELIVERIES] } as const;
const maria = { id: 7, first_name: 'Maria', last_name: 'Garcia', birthdate: '1950-04-02' };

describe('OrderCreate', () => {
  it('validates the required fields', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ ...lookups, 'GET /api/patients_list/': [200, [maria]] });
    renderRoutes(routes, { path: '/orders/create', session: adminSession });
    const name = await screen.findByRole('textbox', { name: /^Order Name/ });
    await user.click(name);
    await user.tab();
    await screen.findByText('Order name is required');
    await fill(user, name, 'Gloves');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Create Order' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Back to patient' })).toBeNull();
    // Tabs other than Notes wait for the order to exist.
    expect((screen.getByRole('tab', { name: 'Products' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('from a patient: the patient is locked, Back to patient shows, and 201 opens the edit screen keeping the state', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      ...lookups,
      'GET /api/patients/7/': [200, { ...maria, middle_name: '' }],
      'POST /api/orders/': [201, makeOrder({ id: 55 })],
      'GET /api/orders/55/': [200, makeOrder({ id: 55 })],
      'GET /api/recurrences/': [200, []],
    });
    const { router } = renderRoutes(routes, { path: '/home', session: adminSession });
    await router.navigate('/orders/create', { state: { fromPatient: 7 } });
    const patient = await screen.findByRole('combobox', { name: /^Patient/ });
    await waitFor(() => expect((patient as HTMLInputElement).value).toBe('Maria Garcia'));
    expect((patient as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to patient' }).getAttribute('href')).toBe('/patients/7');

    await fill(user, screen.getByRole('textbox', { name: /^Order Name/ }), 'Monthly gloves');
    await user.click(screen.getByRole('combobox', { name: /^Delivery/ }));
    await user.click(await screen.findByRole('option', { name: 'Deliver' }));
    await fill(user, screen.getByRole('textbox', { name: 'Office Notes' }), 'Call first');
    const submit = screen.getByRole('button', { name: 'Create Order' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/55/edit'));
    expect(router.state.location.state).toEqual({ fromPatient: 7 });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      patient_id: 7,
      name: 'Monthly gloves',
      delivery_id: 2,
      status_id: 1,
      expired_at: null,
      office_notes: 'Call first',
    });
    await screen.findByRole('link', { name: 'Back to patient' });
    expect(within(await screen.findByRole('tablist', undefined, { timeout: 10_000 })).getAllByRole('tab')).toHaveLength(
      5,
    );
  });
});
