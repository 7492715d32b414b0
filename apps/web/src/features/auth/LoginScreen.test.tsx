import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { getSession, getToken } from '@/lib/storage.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderRoutes } from '@/test/render.tsx';

const admin = { id: 1, first_name: 'Ada', last_name: 'Admin', username: 'admin', token: 'jwt-1', role_id: 1 };

async function signIn(username = 'admin', password = 'secret-pass') {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/username/i), username);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginScreen', () => {
  it('shows the required messages of the shared schema', async () => {
    const { calls } = mockApi({});
    renderRoutes(routes, { path: '/login' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await screen.findByText('Username is required');
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says "Incorrect credentials" for a wrong password', async () => {
    mockApi({ 'POST /api/login/': [400, { detail: 'Incorrect credentials' }] });
    renderRoutes(routes, { path: '/login' });
    await signIn('admin', 'wrong-pass');
    await screen.findByText('Incorrect credentials');
    expect(getToken()).toBeNull();
  });

  it('says "Please contact your system administrator" on 401', async () => {
    mockApi({ 'POST /api/login/': [401, { detail: 'Please contact your system administrator' }] });
    renderRoutes(routes, { path: '/login' });
    await signIn();
    await screen.findByText('Please contact your system administrator');
  });

  it("shows the server's text when sign-in is throttled", async () => {
    mockApi({ 'POST /api/login/': [429, { detail: 'Too many failed sign-in attempts. Try again in 15 minutes.' }] });
    renderRoutes(routes, { path: '/login' });
    await signIn();
    await screen.findByText('Too many failed sign-in attempts. Try again in 15 minutes.');
  });

  it('stores the session and lands on /home with the role tiles', async () => {
    const { calls } = mockApi({ 'POST /api/login/': [200, admin] });
    const { router } = renderRoutes(routes, { path: '/login' });
    await signIn();
    await screen.findByText('Welcome, Ada Admin');
    expect(router.state.location.pathname).toBe('/home');
    expect(calls[0].body).toEqual({ username: 'admin', password: 'secret-pass' });
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(getSession()).toEqual({
      id: 1,
      fullName: 'Ada Admin',
      username: 'admin',
      avatar: 'AD',
      token: 'jwt-1',
      role_id: 1,
    });
    expect(getToken()).toBe('jwt-1');
    expect(screen.getByRole('link', { name: /Users Staff accounts/ })).toBeTruthy();
  });

  it('returns to the protected location asked for before signing in', async () => {
    const { calls } = mockApi({ 'POST /api/login/': [200, admin], 'GET /api/users/': [200, []] });
    const { router } = renderRoutes(routes, { path: '/users?x=1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(router.state.location.search).toBe('?x=1');
    await screen.findByText("THERE AREN'T USERS");
    expect(calls.find((c) => c.path === '/api/users/')?.headers.get('Authorization')).toBe('JWT jwt-1');
  });

  it('shows the sign-in screen on unknown paths', async () => {
    mockApi({});
    renderRoutes(routes, { path: '/no/such/page' });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeTruthy();
  });
});
