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

function submit() {
  return screen.getByRole('button', { name: 'Create Patient' }) as HTMLButtonElement;
}

function textbox(name: string | RegExp) {
  return screen.getByRole('textbox', { name }) as HTMLInputElement;
}

// Whole screens in jsdom on a busy machine: more than the default 15 s each.
const SLOW = 90_000;

/** Chooses a state in the address tab's picker ("State *": a patient needs one). */
async function pickState(user: UserEvent, name: string) {
  const picker = screen.getByRole('combobox', { name: /^State/ });
  await user.click(picker);
  await user.type(picker, name.slice(0, 3));
  await user.click(await screen.findByRole('option', { name }));
}

describe('Create Patient', () => {
  it(
    'shows the spec messages and keeps Create Patient disabled while unchanged or invalid',
    async () => {
      const user = userEvent.setup({ delay: null });
      mockApi({ 'GET /api/usa_states/': [200, STATES] });
      renderRoutes(routes, { path: '/patients/create', session: adminSession });
      await screen.findByRole('textbox', { name: /First Name/ });
      expect(submit().disabled).toBe(true);

      await user.click(textbox(/First Name/));
      await user.click(textbox(/Last Name/));
      await user.click(textbox('Email'));
      await screen.findByText('First name is required');
      await screen.findByText('Last name is required');

      await fill(user, textbox(/First Name/), 'Maria');
      await fill(user, textbox(/Last Name/), 'Lopez');
      // "State *" is required on the screen as on the server.
      await user.click(screen.getByRole('combobox', { name: /^State/ }));
      await user.tab();
      await screen.findByText('State is required');
      expect(submit().disabled).toBe(true);
      await pickState(user, 'Texas');
      await waitFor(() => expect(submit().disabled).toBe(false));

      await fill(user, textbox('Email'), 'not-a-mail');
      await user.tab();
      await screen.findByText('Must be a valid mail');
      expect(submit().disabled).toBe(true);
      await user.clear(textbox('Email'));
      await fill(user, textbox('Email'), 'maria@example.com');
    },
    SLOW,
  );

  it(
    'asks for a 10-character NPI; the tabs that need a saved patient are closed',
    async () => {
      const user = userEvent.setup({ delay: null });
      mockApi({ 'GET /api/usa_states/': [200, STATES] });
      renderRoutes(routes, { path: '/patients/create', session: adminSession });
      await fill(user, await screen.findByRole('textbox', { name: /First Name/ }), 'Maria');
      await fill(user, textbox(/Last Name/), 'Lopez');
      await pickState(user, 'Texas');
      await user.click(screen.getByRole('tab', { name: 'Physician' }));
      await fill(user, textbox('NPI'), '12345');
      await user.tab();
      await screen.findByText('NPI must have 10 characters');
      expect(submit().disabled).toBe(true);
      await fill(user, textbox('NPI'), '67890');
      await waitFor(() => expect(submit().disabled).toBe(false));
      for (const name of ['Insurances', 'Attachments', 'Tags']) {
        expect((screen.getByRole('tab', { name }) as HTMLButtonElement).disabled).toBe(true);
      }
    },
    SLOW,
  );

  it(
    'opens the contact editor with both switches, keeps one row, and sends the contacts only then',
    async () => {
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
      const { router } = renderRoutes(routes, { path: '/patients/create', session: adminSession });
      await fill(user, await screen.findByRole('textbox', { name: /First Name/ }), 'Maria');
      await fill(user, textbox(/Last Name/), 'Lopez');
      await pickState(user, 'Texas');
      expect(screen.queryByRole('switch', { name: 'Contact different than patient' })).toBeNull();

      await user.click(screen.getByRole('switch', { name: 'Contact prior to delivery' }));
      await user.click(screen.getByRole('switch', { name: 'Contact different than patient' }));
      const first = screen.getByRole('group', { name: 'Contact 1' });
      expect((within(first).getByRole('button', { name: 'Remove contact 1' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      await waitFor(() => expect(submit().disabled).toBe(true));

      await user.click(screen.getByRole('button', { name: 'Add Contact' }));
      expect((screen.getByRole('button', { name: 'Remove contact 1' }) as HTMLButtonElement).disabled).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Remove contact 2' }));
      expect(screen.queryByRole('group', { name: 'Contact 2' })).toBeNull();
      expect((screen.getByRole('button', { name: 'Remove contact 1' }) as HTMLButtonElement).disabled).toBe(true);

      await user.click(within(first).getByRole('textbox', { name: /Contact Name/ }));
      await user.tab();
      await screen.findByText('Is required');
      await fill(user, within(first).getByRole('textbox', { name: /Contact Name/ }), 'Rosa Lopez');
      await fill(user, within(first).getByRole('textbox', { name: 'Contact Phone' }), '5125550199');
      expect((within(first).getByRole('textbox', { name: 'Contact Phone' }) as HTMLInputElement).value).toBe(
        '512-555-0199',
      );
      await fill(user, within(first).getByRole('textbox', { name: 'Relation' }), 'Daughter');

      await waitFor(() => expect(submit().disabled).toBe(false));
      await user.click(submit());
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
      await fill(user, textbox(/First Name/), 'a');
      await user.click(screen.getByRole('switch', { name: 'Contact different than patient' }));
      await waitFor(() => expect(submit().disabled).toBe(false));
      await user.click(submit());
      await screen.findByText('The patient has been created!');
      await waitFor(() => expect(router.state.location.pathname).toBe('/patients/77'));
      expect(posted[1].body).toMatchObject({
        first_name: 'Mariaa',
        contact_different_patient: false,
        contact_person: [],
      });
    },
    SLOW,
  );

  it(
    'from Rentals starts with Rentals = Yes and leads back to Rentals',
    async () => {
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
    },
    SLOW,
  );
});
