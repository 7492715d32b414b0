import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { menuEntries } from '@/app/areas.ts';
import { routes } from '@/app/router.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

describe('Remittance files area', () => {
  it('has menu entries after Claims and dashboard tiles for every role, as Claims has', async () => {
    const keys = menuEntries.map((entry) => entry.key);
    expect(keys.slice(keys.indexOf('claims'), keys.indexOf('claims') + 4)).toEqual([
      'claims',
      'remittance-files',
      'denials',
      'underpayments',
    ]);
    expect(menuEntries.find((entry) => entry.key === 'remittance-files')).toMatchObject({
      label: 'Remittance Files',
      path: '/remittance-files',
    });
    expect(menuEntries.find((entry) => entry.key === 'denials')).toMatchObject({ label: 'Denials', path: '/denials' });
    expect(menuEntries.find((entry) => entry.key === 'underpayments')).toMatchObject({
      label: 'Underpaid',
      path: '/underpayments',
    });
    expect(
      menuEntries.filter(
        (entry) => entry.adminOnly && ['remittance-files', 'denials', 'underpayments'].includes(entry.key),
      ),
    ).toEqual([]);

    mockApi({});
    renderRoutes(routes, { path: '/home', session: { ...adminSession, id: 7, role_id: 3, fullName: 'Bea Billing' } });
    await screen.findByText('Welcome, Bea Billing');
    expect(
      screen.getByRole('link', { name: /^Remittance Files Import the payers' 835 files/ }).getAttribute('href'),
    ).toBe('/remittance-files');
    expect(screen.getByRole('link', { name: /^Denials Denied lines to work/ }).getAttribute('href')).toBe('/denials');
    expect(screen.getByRole('link', { name: /^Underpaid Remittance lines/ }).getAttribute('href')).toBe(
      '/underpayments',
    );
  });
});
