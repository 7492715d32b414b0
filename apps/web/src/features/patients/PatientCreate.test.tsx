import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router.tsx';
import { STATES } from '@/test/factories.ts';
import { fill } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, Providers, renderRoutes, testQueryClient } from '@/test/render.tsx';
import { saveSession } from '@/lib/storage.ts';
import { makePatient } from './test-data.ts';

function textbox(name: string | RegExp) {
  return screen.getByRole('textbox', { name }) as HTMLInputElement;
}

/**
 * Opens Create Patient and finds what every test uses once: each ByRole lookup reads the whole
 * form, so a test that looked the button up again on every wait re-read it many times a second.
 */
async function openCreate() {
  const view = renderRoutes(routes, { path: '/patients/create', session: adminSession });
  const firstName = (await screen.findByRole('textbox', { name: /First Name/ })) as HTMLInputElement;
  return {
    ...view,
    firstName,
    lastName: textbox(/Last Name/),
    submit: screen.getByRole('button', { name: 'Create Patient' }) as HTMLButtonElement,
  };
}

/** Chooses a state in the address tab's picker ("State *": a patient needs one). */
async function pickState(user: UserEvent, name: string) {
  const picker = screen.getByRole('combobox', { name: /^State/ });
  await user.click(picker);
  await user.type(picker, name.slice(0, 3));
  // Looked up among the listbox's options only, not across the page on every change of the popup.
  await user.click(await within(await screen.findByRole('listbox')).findByRole('option', { name }));
}

describe('Create Patient', () => {
  it('shows the spec messages and keeps Create Patient disabled while unchanged or invalid', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/usa_states/': [200, STATES] });
    const { firstName, lastName, submit } = await openCreate();
    const email = textbox('Email');
    expect(submit.disabled).toBe(true);

    await user.click(firstName);
    await user.click(lastName);
    await user.click(email);
    await screen.findByText('First name is required');
    await screen.findByText('Last name is required');

    await fill(user, firstName, 'Maria');
    await fill(user, lastName, 'Lopez');
    // "State *" is required on the screen as on the server.
    await user.click(screen.getByRole('combobox', { name: /^State/ }));
    await user.tab();
    await screen.findByText('State is required');
    expect(submit.disabled).toBe(true);
    await pickState(user, 'Texas');
    await waitFor(() => expect(submit.disabled).toBe(false));

    await fill(user, email, 'not-a-mail');
    await user.tab();
    await screen.findByText('Must be a valid mail');
    expect(submit.disabled).toBe(true);
    await user.clear(email);
    await fill(user, email, 'maria@example.com');
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  it('asks for a 10-character NPI; the tabs that need a saved patient are closed', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/usa_states/': [200, STATES] });
    const { firstName, lastName, submit } = await openCreate();
    await fill(user, firstName, 'Maria');
    await fill(user, lastName, 'Lopez');
    await pickState(user, 'Texas');
    await user.click(screen.getByRole('tab', { name: 'Physician' }));
    const npi = textbox('NPI');
    await fill(user, npi, '12345');
    await user.tab();
    await screen.findByText('NPI must have 10 characters');
    expect(submit.disabled).toBe(true);
    await fill(user, npi, '67893');
    await waitFor(() => expect(submit.disabled).toBe(false));
    for (const name of ['Insurances', 'Attachments', 'Tags']) {
      expect((screen.getByRole('tab', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('opens the contact editor with both switches, keeps one row and asks for its name', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/usa_states/': [200, STATES] });
    const { firstName, lastName, submit } = await openCreate();
    await fill(user, firstName, 'Maria');
    await fill(user, lastName, 'Lopez');
    await pickState(user, 'Texas');
    expect(screen.queryByRole('switch', { name: 'Contact different than patient' })).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Contact prior to delivery' }));
    await user.click(screen.getByRole('switch', { name: 'Contact different than patient' }));
    const first = screen.getByRole('group', { name: 'Contact 1' });
    const removeFirst = within(first).getByRole('button', { name: 'Remove contact 1' }) as HTMLButtonElement;
    expect(removeFirst.disabled).toBe(true);
    await waitFor(() => expect(submit.disabled).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(removeFirst.disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove contact 2' }));
    expect(screen.queryByRole('group', { name: 'Contact 2' })).toBeNull();
    expect(removeFirst.disabled).toBe(true);

    await user.click(within(first).getByRole('textbox', { name: /Contact Name/ }));
    await user.tab();
    await screen.findByText('Is required');
  });

  it('sends the contacts only while "contact different" is on', async () => {
    const user = userEvent.setup({ delay: null });
    const created = makePatient({ id: 77 });
    const posted: MockCall[] = [];
    mockApi({
      'GET /api/usa_states/': [200, STATES],
      'POST /api/patients/': (call) => {
        posted.push(call);
        return posted.length === 1 ? [422, { first_name: ['First name is required'] }] : [201, { data: created }];
      },
      'GET /api/patients/77/': [200, created],
    });
    const { router, firstName, lastName, submit } = await openCreate();
    await fill(user, firstName, 'Maria');
    await fill(user, lastName, 'Lopez');
    await pickState(user, 'Texas');
    await user.click(screen.getByRole('switch', { name: 'Contact prior to delivery' }));
    const different = screen.getByRole('switch', { name: 'Contact different than patient' });
    await user.click(different);
    const first = screen.getByRole('group', { name: 'Contact 1' });
    await fill(user, within(first).getByRole('textbox', { name: /Contact Name/ }), 'Rosa Lopez');
    const phone = within(first).getByRole('textbox', { name: 'Contact Phone' }) as HTMLInputElement;
    await fill(user, phone, '5125550199');
    expect(phone.value).toBe('512-555-0199');
    await fill(user, within(first).getByRole('textbox', { name: 'Relation' }), 'Daughter');

    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await screen.findByText('The request could not be processed!');
    await screen.findByText('First name is required');
    expect(posted[0].body).toMatchObject({
      first_name: 'Maria',
      state_id: 44,
      status: 'Active',
      rentals: false,
      contact_person: [{ contact_name: 'Rosa Lopez', contact_number: '512-555-0199', contact_relation: 'Daughter' }],
    });

    // Switching "contact different" off drops the rows from what is sent.
    await fill(user, firstName, 'a');
    await user.click(different);
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await screen.findByText('The patient has been created!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/patients/77'));
    expect(posted[1].body).toMatchObject({
      first_name: 'Mariaa',
      contact_different_patient: false,
      contact_person: [],
    });
  });

  it('from Rentals starts with Rentals = Yes and leads back to Rentals', async () => {
    mockApi({ 'GET /api/usa_states/': [200, STATES] });
    saveSession(adminSession);
    const router = createMemoryRouter(routes, {
      initialEntries: [{ pathname: '/patients/create', state: { rentals: true } }],
    });
    render(
      <Providers client={testQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect((await screen.findByRole('combobox', { name: 'Rentals' })).textContent).toBe('Yes');
    expect(screen.getByRole('combobox', { name: 'Facility' }).textContent).toBe('No');
    expect(screen.getByRole('link', { name: 'Rentals' }).getAttribute('href')).toBe('/patients_rentals');
  });
});
