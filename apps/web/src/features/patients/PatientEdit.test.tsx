import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router.tsx';
import { STATES } from '@/test/factories.ts';
import { fill } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, Providers, renderRoutes, testQueryClient } from '@/test/render.tsx';
import { saveSession } from '@/lib/storage.ts';
import { makePatient } from './test-data.ts';

const yearsAgo = (years: number, days = 0) =>
  dayjs().subtract(years, 'year').subtract(days, 'day').format('YYYY-MM-DD');

function ageInput() {
  return screen.getByRole('textbox', { name: 'Age' }) as HTMLInputElement;
}

function save() {
  return screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
}

describe('Edit Patient', () => {
  it('loads the patient, shows the age (red at exactly 20) and saves the changes', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient({ birthdate: yearsAgo(20, 3), notes: 'Prefers mornings' });
    let patched: MockCall | undefined;
    mockApi({
      'GET /api/usa_states/': [200, STATES],
      [`GET /api/patients/${patient.id}/`]: [200, patient],
      [`PATCH /api/patients/${patient.id}/`]: (call) => {
        patched = call;
        return [200, { ...patient, last_name: 'Lopez-Diaz' }];
      },
    });
    renderRoutes(routes, { path: `/patients/${patient.id}`, session: adminSession });
    await screen.findByRole('textbox', { name: 'Age' });
    expect(ageInput().value).toBe('20');
    expect(ageInput().style.color).not.toBe('');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Address',
      'General Notes',
      'Orders',
      'Insurances',
      'Other',
      'Attachments',
      'Tags',
      // Issue 33: the patient's rented items, after the spec's tabs.
      'Rentals',
      // Issue 34: the patient's documents with where each stands.
      'Documents',
      // An administrator also sees who viewed or changed the record.
      'Activity',
    ]);
    expect(save().disabled).toBe(true);

    await fill(user, screen.getByRole('textbox', { name: /Last Name/ }), '-Diaz');
    await waitFor(() => expect(save().disabled).toBe(false));
    await user.click(save());
    await screen.findByText('The patient has been updated!');
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(patched?.body).toMatchObject({
      last_name: `${patient.last_name}-Diaz`,
      notes: 'Prefers mornings',
      state_id: 44,
    });
    // Fields the form does not show (fax) are never sent, so they stay as stored.
    expect(patched?.body).not.toHaveProperty('fax');
  });

  it('shows a 21-year-old in the normal colour; a missing patient goes to /404', async () => {
    const patient = makePatient({ birthdate: yearsAgo(21) });
    mockApi({ 'GET /api/usa_states/': [200, STATES], [`GET /api/patients/${patient.id}/`]: [200, patient] });
    renderRoutes(routes, { path: `/patients/${patient.id}`, session: adminSession });
    await screen.findByRole('textbox', { name: 'Age' });
    expect(ageInput().value).toBe('21');
    expect(ageInput().style.color).toBe('');

    mockApi({ 'GET /api/patients/999999/': [404, { detail: 'Not found.' }] });
    const missing = renderRoutes(routes, { path: '/patients/999999', session: adminSession });
    await waitFor(() => expect(missing.router.state.location.pathname).toBe('/404'));
  });

  it('on edit a contact row needs a name only while "contact different" is on', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient({
      call_before_delivery: true,
      contact_different_patient: true,
      contact_person: [{ contact_name: 'Rosa', contact_number: '', contact_relation: '' }],
      email: 'rosa@example.com',
    });
    mockApi({ 'GET /api/usa_states/': [200, STATES], [`GET /api/patients/${patient.id}/`]: [200, patient] });
    renderRoutes(routes, { path: `/patients/${patient.id}`, session: adminSession });
    const name = await screen.findByRole('textbox', { name: /Contact Name/ });
    await user.clear(name);
    await user.tab();
    await screen.findByText('Is required');
    expect(save().disabled).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Contact different than patient' }));
    await waitFor(() => expect(save().disabled).toBe(false));

    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'rosa@');
    await user.tab();
    await screen.findByText('Must be a valid mail');
  });

  it('offers "Go Back to Call Patient Details" when opened from a call', async () => {
    const patient = makePatient();
    mockApi({ 'GET /api/usa_states/': [200, STATES], [`GET /api/patients/${patient.id}/`]: [200, patient] });
    saveSession(adminSession);
    const router = createMemoryRouter(routes, {
      initialEntries: [{ pathname: `/patients/${patient.id}`, state: { callDetail: '/call-customers/31' } }],
    });
    render(
      <Providers client={testQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const back = await screen.findByRole('link', { name: 'Go Back to Call Patient Details' });
    expect(back.getAttribute('href')).toBe('/call-customers/31');
  });
});
