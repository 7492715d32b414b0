import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { renderRoutes } from '@/test/render.tsx';

const SENTENCE = 'Cannot reach the server. Check the connection and try again.';

/** The server cannot be reached: fetch rejects as Chromium does. */
function offline() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

describe('a network failure on the sign-in screens', () => {
  it('sign-in says the server cannot be reached, never "Failed to fetch"', async () => {
    offline();
    renderRoutes(routes, { path: '/login' });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/username/i), 'admin');
    await user.type(screen.getByLabelText(/^password/i), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText(SENTENCE);
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });

  it('password recovery says the same', async () => {
    offline();
    renderRoutes(routes, { path: '/forgot-password' });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/email/i), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText(SENTENCE);
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });
});
