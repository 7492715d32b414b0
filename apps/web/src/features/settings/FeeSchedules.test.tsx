import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingSettings, FeeSchedule } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

const settings: BillingSettings = {
  organization_name: 'Sunrise Medical Supply',
  npi: '',
  tax_id: '',
  taxonomy_code: '',
  address_1: '',
  address_2: '',
  city: '',
  state: 'IA',
  zip: '',
  phone: '',
  submitter_name: '',
  submitter_id: '',
  submitter_contact_name: '',
  submitter_contact_phone: '',
  receiver_name: '',
  receiver_id: '',
  production: false,
  facility_place_of_service: '32',
};

const january: FeeSchedule = {
  id: 1,
  effective_date: '2025-01-01',
  quarter: '2025 Q1',
  source: 'CMS DMEPOS January 2025',
  row_count: 3487,
  zip_count: 15913,
  created: '2026-01-05T10:00:00Z',
};
const future: FeeSchedule = {
  id: 2,
  effective_date: '2099-04-01',
  quarter: '2099 Q2',
  source: 'DMEPOS_APR.csv',
  row_count: 3502,
  zip_count: 15913,
  created: '2026-03-20T10:00:00Z',
};

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const rows = () =>
  within(screen.getByRole('table', { name: 'Fee schedules' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Settings: fee schedule', () => {
  it('lists the schedules, marking the one in force today', async () => {
    mockApi({
      'GET /api/settings/billing/': [200, settings],
      'GET /api/reference/fee_schedule/': [200, [future, january]],
    });
    renderRoutes(routes, { path: '/settings/billing', session: adminSession });
    await screen.findByRole('region', { name: 'Fee schedule' });
    await waitFor(() =>
      expect(rows()).toEqual([
        ['2099 Q2', 'DMEPOS_APR.csv', '04/01/2099', '3,502', '15,913'],
        ['2025 Q1 (in force)', 'CMS DMEPOS January 2025', '01/01/2025', '3,487', '15,913'],
      ]),
    );
  });

  it('imports a file with its rural ZIP file and effective date, then shows what it loaded', async () => {
    const user = userEvent.setup({ delay: null });
    let list = [january];
    const { fetchMock } = mockApi({
      'GET /api/settings/billing/': [200, settings],
      'GET /api/reference/fee_schedule/': () => [200, list],
      'POST /api/reference/fee_schedule/': () => {
        list = [future, january];
        return [201, future];
      },
    });
    renderRoutes(routes, { path: '/settings/billing', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Import fee schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import fee schedule' });
    const importButton = within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    await user.upload(within(dialog).getByLabelText('Fee schedule file'), new File(['HCPCS,...'], 'DMEPOS_APR.csv'));
    await user.upload(
      within(dialog).getByLabelText('Rural ZIP code file (optional)'),
      new File(['STATE,...'], 'rural.csv'),
    );
    expect(importButton.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Effective date/), { target: { value: '2099-04-01' } });
    await waitFor(() => expect(importButton.disabled).toBe(false));
    await user.click(importButton);
    await within(dialog).findByText('Imported 3,502 fees and 15,913 rural ZIP codes, in force from 2099 Q2.');
    const sent = fetchMock.mock.calls.find(
      ([url, init]) => String(url).includes('/reference/fee_schedule/') && init?.method === 'POST',
    )?.[1]?.body as FormData;
    expect((sent.get('file') as File).name).toBe('DMEPOS_APR.csv');
    expect((sent.get('rural_zips') as File).name).toBe('rural.csv');
    expect(sent.get('effective_date')).toBe('2099-04-01');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('keeps the server reason for a refused file in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/settings/billing/': [200, settings],
      'GET /api/reference/fee_schedule/': [200, [january]],
      'POST /api/reference/fee_schedule/': [422, { file: ['Line 9: "n/a" in column IA (NR) is not an amount'] }],
    });
    renderRoutes(routes, { path: '/settings/billing', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Import fee schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import fee schedule' });
    await user.upload(within(dialog).getByLabelText('Fee schedule file'), new File(['x'], 'bad.csv'));
    fireEvent.change(within(dialog).getByLabelText(/Effective date/), { target: { value: '2025-04-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByText('Line 9: "n/a" in column IA (NR) is not an amount');
  });
});
