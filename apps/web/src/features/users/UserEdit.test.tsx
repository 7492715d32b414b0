import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { makeUser, ROLES, STATES } from '@/test/factories.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { fill, waitForEnabled } from '@/test/fill.ts';

const lookups = { 'GET /api/roles/': [200, ROLES], 'GET /api/usa_states/': [200, STATES] } as const;

function submitButton(name: string) {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

describe('Edit User', () => {
  const maria = makeUser({
    username: 'mgarcia',
    email: 'maria@clinic.test',
    profile: {
      first_name: 'Maria',
      last_name: 'Garcia',
      birthdate: '1980-02-29',
      state: STATES[1],
      phone: '555-000-1111',
    },
  });

  it('loads the user, enables Save Changes once changed, and reports the update', async () => {
    const user = userEvent.setup({ delay: null });
    let patched: MockCall | undefined;
    mockApi({
      ...lookups,
      [`GET /api/users/${maria.id}/`]: [200, maria],
      [`PATCH /api/users/${maria.id}/`]: (call) => {
        patched = call;
        return [
          200,
          {
            success: true,
            data: { ...maria, profile: { ...maria.profile, city: 'Austin' } },
            message: 'The user has been updated!',
          },
        ];
      },
    });
    renderRoutes(routes, { path: `/users/${maria.id}`, session: adminSession });
    const first = await screen.findByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect((first as HTMLInputElement).value).toBe('Maria'));
    expect(screen.getByLabelText(/^New Password/)).toBeTruthy();
    expect(submitButton('Save Changes').disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'State' }) as HTMLInputElement).value).toBe('Texas');

    await fill(user, screen.getByRole('textbox', { name: 'City' }), 'Austin');
    await waitForEnabled(submitButton('Save Changes'));
    await user.click(submitButton('Save Changes'));
    await screen.findByText('The user has been updated!');
    await waitForEnabled(submitButton('Save Changes'), false);
    const body = patched?.body as { password?: string; profile: Record<string, unknown> };
    expect(body.password).toBeUndefined();
    expect(body.profile).toMatchObject({ city: 'Austin', birthdate: '1980-02-29', state: 44, phone: '555-000-1111' });
  });

  it("shows the server's message when success is false", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      ...lookups,
      [`GET /api/users/${maria.id}/`]: [200, maria],
      [`PATCH /api/users/${maria.id}/`]: [200, { success: false, data: maria, message: 'Nothing was changed' }],
    });
    renderRoutes(routes, { path: `/users/${maria.id}`, session: adminSession });
    const city = await screen.findByRole('textbox', { name: 'City' });
    await fill(user, city, 'Austin');
    await waitForEnabled(submitButton('Save Changes'));
    await user.click(submitButton('Save Changes'));
    await screen.findByText('Nothing was changed');
  });

  it('disables the status on the own account', async () => {
    const me = makeUser({ id: adminSession.id, username: 'admin', profile: { first_name: 'Ada', last_name: 'Admin' } });
    mockApi({ ...lookups, [`GET /api/users/${me.id}/`]: [200, me] });
    renderRoutes(routes, { path: `/users/${me.id}`, session: adminSession });
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status.getAttribute('aria-disabled')).toBe('true');
    expect(within(status).getByText('Active')).toBeTruthy();
  });

  it('goes to /404 when the user cannot be loaded', async () => {
    mockApi({ ...lookups, 'GET /api/users/999/': [404, { detail: 'Not found.' }] });
    const { router } = renderRoutes(routes, { path: '/users/999', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
