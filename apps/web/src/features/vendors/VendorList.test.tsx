import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Vendor } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { fill } from '@/test/fill.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

const NO_CLAIM_FIELDS = {
  payer_id: '',
  claim_filing_indicator: '',
  address_1: '',
  city: '',
  state: '',
  zip: '',
  pricing: 'medicare' as const,
  pricing_percent: null,
  prior_auth_hcpcs: [],
};
const vendors: Vendor[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `Payer ${String(i + 1).padStart(2, '0')}`,
  phone: `515-555-${String(1000 + i)}`,
  ...NO_CLAIM_FIELDS,
}));
vendors[0] = { id: 1, name: 'Wellmark Blue Cross', phone: '800-524-9242', ...NO_CLAIM_FIELDS };
vendors[1] = { id: 2, name: 'Aetna', phone: '800-872-3862', ...NO_CLAIM_FIELDS };

function rowNames() {
  const table = screen.getByRole('table', { name: 'Vendors' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
}

describe('VendorList', () => {
  it('sorts and searches on the client (name and phone, any case), with the focus in the search box', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'GET /api/vendors/': [200, vendors.slice(0, 4)] });
    renderRoutes(routes, { path: '/vendors', session: adminSession });
    await screen.findByText('Wellmark Blue Cross');
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(document.activeElement).toBe(search);
    expect(screen.getByRole('link', { name: 'New Vendor' }).getAttribute('href')).toBe('/vendors/create');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(rowNames()).toEqual(['Aetna', 'Payer 03', 'Payer 04', 'Wellmark Blue Cross']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(rowNames()[0]).toBe('Wellmark Blue Cross');

    await fill(user, search, 'BLUE');
    expect(rowNames()).toEqual(['Wellmark Blue Cross']);
    await user.clear(search);
    await fill(user, search, '8008723862');
    expect(rowNames()).toEqual(['Aetna']);
    await user.clear(search);
    await fill(user, search, 'nobody');
    expect(screen.getByText("THERE AREN'T VENDORS")).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/vendors/')).toHaveLength(1);
  });

  it('pages 25 rows by default and offers 5, 10 and 25', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/vendors/': [200, vendors] });
    renderRoutes(routes, { path: '/vendors', session: adminSession });
    await screen.findByText('Aetna');
    expect(rowNames()).toHaveLength(25);
    expect(screen.getByText('1–25 of 30')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '5' }));
    expect(rowNames()).toHaveLength(5);
  });

  it('deletes after confirmation (204), refuses a vendor in use (200), reports other failures', async () => {
    const user = userEvent.setup({ delay: null });
    let stored = vendors.slice(0, 3);
    const { calls } = mockApi({
      'GET /api/vendors/': () => [200, stored],
      'DELETE /api/vendors/1/': [
        200,
        { detail: 'The vendor cannot be deleted!', error: 'The vendor cannot be deleted!' },
      ],
      'DELETE /api/vendors/2/': () => {
        stored = stored.filter((v) => v.id !== 2);
        return [204];
      },
      'DELETE /api/vendors/3/': [500, { detail: 'boom' }],
    });
    renderRoutes(routes, { path: '/vendors', session: adminSession });
    await screen.findByText('Aetna');
    expect(screen.getByRole('link', { name: 'Edit Aetna' }).getAttribute('href')).toBe('/vendor/2');

    const confirm = async (name: string) => {
      await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    };
    await confirm('Wellmark Blue Cross');
    await screen.findByText('The vendor cannot be deleted!');
    expect(screen.getByText('Wellmark Blue Cross')).toBeTruthy();

    await confirm('Aetna');
    await screen.findByText('The vendor has been deleted!');
    await waitFor(() => expect(screen.queryByText('Aetna')).toBeNull());

    await confirm('Payer 03');
    await screen.findByText('The request could not be processed!');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(3);
  });

  it('a failed load goes to /404', async () => {
    mockApi({ 'GET /api/vendors/': [500, { detail: 'boom' }] });
    const { router } = renderRoutes(routes, { path: '/vendors', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
