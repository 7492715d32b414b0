import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { getToken, readPersisted, writePersisted } from '@/lib/storage.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

describe('session', () => {
  it('shows the Users tile to role 1 only', async () => {
    mockApi({});
    renderRoutes(routes, { path: '/home', session: { ...adminSession, id: 7, role_id: 2, fullName: 'Olga Office' } });
    await screen.findByText('Welcome, Olga Office');
    expect(screen.queryByRole('link', { name: /Users Staff accounts/ })).toBeNull();
    expect(screen.getByRole('link', { name: /^Patients/ })).toBeTruthy();
  });

  it('Log Out tells the server, clears auth and persisted lists, and shows the sign-in screen', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'POST /api/logout/': [204] });
    writePersisted('shipping', { search: 'x' });
    const { router } = renderRoutes(routes, { path: '/home', session: adminSession });
    await user.click(await screen.findByRole('button', { name: /Account menu$/ }));
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toBeNull();
    expect(getToken()).toBeNull();
    expect(readPersisted('shipping')).toBeNull();
    expect(calls.find((c) => c.path === '/api/logout/')?.headers.get('Authorization')).toBe('JWT token-admin');
    await screen.findByRole('button', { name: 'Sign In' });
  });

  it('a 401 on any call signs out and keeps the location for after sign-in', async () => {
    mockApi({ 'GET /api/users/': [401, { detail: 'Session expired' }] });
    const { router } = renderRoutes(routes, { path: '/users', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/users');
    expect(getToken()).toBeNull();
  });

  it('/ goes to /login, and /login goes to /home when signed in', async () => {
    mockApi({});
    const { router } = renderRoutes(routes, { path: '/', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('/404 shows the not-found screen with a link home', async () => {
    mockApi({});
    renderRoutes(routes, { path: '/404' });
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
  });
});
