import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { makeUser } from '@/test/factories.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

const me = makeUser({
  id: adminSession.id,
  username: 'admin',
  profile: { first_name: 'Ada', last_name: 'Admin' },
  role: { id: 1, name: 'administrator', label: 'Administrator' },
});
const maria = makeUser({
  username: 'mgarcia',
  email: 'maria@clinic.test',
  profile: { first_name: 'Maria', middle_name: 'Luisa', last_name: 'Garcia' },
});
const bob = makeUser({
  username: 'bbilling',
  email: 'bob@clinic.test',
  profile: { first_name: 'Bob', last_name: 'Stone' },
  role: { id: 3, name: 'billing', label: 'Billing' },
});
const nobody = makeUser({
  username: 'norole',
  role: null,
  is_active: false,
  profile: { first_name: 'No', last_name: 'Role' },
});

function rowNames() {
  const table = screen.getByRole('table', { name: 'Users' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
}

describe('UserList', () => {
  it('lists users with status and role (or -) and searches on the client', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'GET /api/users/': [200, [me, maria, bob, nobody]] });
    renderRoutes(routes, { path: '/users', session: adminSession });
    await screen.findByText('Maria Luisa Garcia');
    expect(rowNames()).toEqual(['Ada Admin', 'Maria Luisa Garcia', 'Bob Stone', 'No Role']);
    const noRoleRow = screen.getByText('No Role').closest('tr') as HTMLElement;
    expect(within(noRoleRow).getByText('Inactive')).toBeTruthy();
    expect(within(noRoleRow).getByText('-')).toBeTruthy();

    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, 'luisa');
    expect(rowNames()).toEqual(['Maria Luisa Garcia']);
    await user.clear(search);
    await user.type(search, 'billing');
    expect(rowNames()).toEqual(['Bob Stone']);
    await user.clear(search);
    await user.type(search, 'CLINIC.TEST');
    expect(rowNames()).toEqual(['Maria Luisa Garcia', 'Bob Stone']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText("THERE AREN'T USERS")).toBeTruthy();
    // Searching never goes back to the server.
    expect(calls.filter((c) => c.path === '/api/users/')).toHaveLength(1);
  });

  it('deactivates after confirmation; the own row cannot be deleted', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'GET /api/users/': [200, [me, maria]], [`DELETE /api/users/${maria.id}/`]: [204] });
    renderRoutes(routes, { path: '/users', session: adminSession });
    await screen.findByText('Maria Luisa Garcia');
    expect((screen.getByRole('button', { name: 'Delete admin' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Delete mgarcia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The user was updated as inactive successfully!');
    const row = screen.getByText('Maria Luisa Garcia').closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Inactive')).toBeTruthy());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/users/${maria.id}/`)).toBe(true);
  });

  it('says so when the delete fails', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/users/': [200, [me, maria]],
      [`DELETE /api/users/${maria.id}/`]: [500, { detail: 'Internal server error.' }],
    });
    renderRoutes(routes, { path: '/users', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Delete mgarcia' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('The request could not be processed!');
    const row = screen.getByText('Maria Luisa Garcia').closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
  });

  it('goes to /404 when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/users/': [500, { detail: 'Internal server error.' }] });
    const { router } = renderRoutes(routes, { path: '/users', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it.each(['/users', '/users/create', '/users/5'])(
    'sends a staff member from %s to /404 without asking the server',
    async (path) => {
      const { calls } = mockApi({});
      const { router } = renderRoutes(routes, { path, session: { ...adminSession, role_id: 2 } });
      await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
      expect(calls.filter((call) => call.path.startsWith('/api/users'))).toEqual([]);
    },
  );
});
