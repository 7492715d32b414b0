import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { menuEntries } from '@/app/areas.ts';
import { routes } from '@/app/router.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

describe('Claims area', () => {
  it('has a menu entry after Invoices and a dashboard tile for every role, as Invoices has', async () => {
    const keys = menuEntries.map((entry) => entry.key);
    const claims = menuEntries.find((entry) => entry.key === 'claims');
    expect(keys.indexOf('claims')).toBe(keys.indexOf('invoices') + 1);
    expect(claims).toMatchObject({ label: 'Claims', path: '/claims' });
    expect(claims?.adminOnly).toBeUndefined();

    mockApi({});
    renderRoutes(routes, { path: '/home', session: { ...adminSession, id: 7, role_id: 3, fullName: 'Bea Billing' } });
    await screen.findByText('Welcome, Bea Billing');
    expect(screen.getByRole('link', { name: /^Claims Bill payers electronically/ }).getAttribute('href')).toBe(
      '/claims',
    );
  });
});
