import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { makeUser, ROLES, STATES } from '@/test/factories.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { fill, waitForEnabled } from '@/test/fill.ts';

const lookups = { 'GET /api/roles/': [200, ROLES], 'GET /api/usa_states/': [200, STATES] } as const;

function submitButton(name: string) {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

async function fillRequired(user: UserEvent) {
  await fill(user, screen.getByRole('textbox', { name: 'First Name' }), 'Maria');
  await fill(user, screen.getByRole('textbox', { name: 'Last Name' }), 'Garcia');
  await fill(user, screen.getByRole('textbox', { name: 'Username' }), 'mgarcia');
  await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'maria@clinic.test');
  await fill(user, screen.getByLabelText(/^Password/), 'Sturdy-Pass-1');
}

describe('Create User', () => {
  it('keeps Create User disabled until the form is changed and valid, then sends the shared body', async () => {
    const user = userEvent.setup({ delay: null });
    const created = makeUser({ username: 'mgarcia' });
    let posted: MockCall | undefined;
    mockApi({
      ...lookups,
      'POST /api/users/': (call) => {
        posted = call;
        return [201, created];
      },
      'GET /api/users/': [200, [created]],
    });
    const { router } = renderRoutes(routes, { path: '/users/create', session: adminSession });
    await screen.findByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Role/ }).textContent).toContain('Administrator'));
    expect(submitButton('Create User').disabled).toBe(true);

    await fill(user, screen.getByRole('textbox', { name: 'First Name' }), 'Maria');
    await user.click(screen.getByRole('textbox', { name: 'Email' }));
    await user.tab();
    await screen.findByText('Email is required');
    expect(submitButton('Create User').disabled).toBe(true);

    await fill(user, screen.getByRole('textbox', { name: 'Last Name' }), 'Garcia');
    await fill(user, screen.getByRole('textbox', { name: 'Username' }), 'mgarcia');
    await fill(user, screen.getByRole('textbox', { name: 'Email' }), 'maria@clinic.test');
    await fill(user, screen.getByLabelText(/^Password/), 'Sturdy-Pass-1');
    await fill(user, screen.getByRole('textbox', { name: 'Phone' }), '(555) 123 4567');
    expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('555-123-4567');
    await waitForEnabled(submitButton('Create User'));

    await user.click(submitButton('Create User'));
    await screen.findByText('The user has been created!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(screen.queryByRole('dialog', { name: 'Are you sure you want to leave?' })).toBeNull();
    expect(posted?.body).toEqual({
      username: 'mgarcia',
      email: 'maria@clinic.test',
      password: 'Sturdy-Pass-1',
      role_id: 1,
      is_active: true,
      profile: {
        first_name: 'Maria',
        middle_name: '',
        last_name: 'Garcia',
        address_1: '',
        address_2: '',
        city: '',
        zip: '',
        phone: '555-123-4567',
        mobile: '',
        fax: '',
        birthdate: null,
        state: null,
      },
    });
  });

  it('shows "The username or email exists!" with the field error on 422, else "The request could not be processed!"', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    mockApi({
      ...lookups,
      'POST /api/users/': () => {
        attempts += 1;
        return attempts === 1
          ? [422, { username: ['The username or email exists!'] }]
          : [500, { detail: 'Internal server error.' }];
      },
    });
    renderRoutes(routes, { path: '/users/create', session: adminSession });
    await screen.findByRole('textbox', { name: /First Name/ });
    await fillRequired(user);
    await waitForEnabled(submitButton('Create User'));
    await user.click(submitButton('Create User'));
    await waitFor(() => expect(screen.getAllByText('The username or email exists!')).toHaveLength(2));
    const username = screen.getByRole('textbox', { name: /Username/ });
    expect(username.getAttribute('aria-invalid')).toBe('true');
    // The server's field error holds the button until the field changes.
    expect(submitButton('Create User').disabled).toBe(true);

    await fill(user, username, '2');
    await waitForEnabled(submitButton('Create User'));
    await user.click(submitButton('Create User'));
    await screen.findByText('The request could not be processed!');
  });
});
