import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EndYearReport } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

const report: EndYearReport = {
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  total_sales: 12345.6,
  taxable_sales: 1000,
  sales_tax_collected: 70,
  remitted: 8000,
  accounts_receivable: 4315.6,
  write_off: 100,
  total_sales_shipped: 9000,
  taxable_sales_shipped: 800,
  sales_tax_collected_shipped: 56,
  remmited_shipped: 8000,
  accounts_receivable_shipped: 956,
  write_off_shipped: 100,
};

describe('EndYearReport', () => {
  it('opens on the current year, shows both tables in dollars, and a preset replaces the dates', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'GET /api/end_year_report/': [200, report] });
    renderRoutes(routes, { path: '/end_year_report/', session: adminSession });
    const all = await screen.findByRole('table', { name: 'Not accounting for shipping' });
    await waitFor(() =>
      expect(within(all).getByRole('row', { name: /Total Sales/ }).textContent).toContain('$12,345.60'),
    );
    const shipped = screen.getByRole('table', { name: 'Including shipping' });
    expect(within(shipped).getByRole('row', { name: /Accounts Receivable/ }).textContent).toContain('$956.00');
    expect(calls[0].query.get('date_range')).toBe('CY');
    expect(calls[0].query.get('start_date')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'or Date Range' }));
    await user.click(await screen.findByRole('option', { name: 'Last Quarter' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('date_range')).toBe('LQ'));
  });

  it('clears the figures and says why when the start date is after the end date', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/end_year_report/': [200, report] });
    renderRoutes(routes, { path: '/end_year_report/', session: adminSession });
    const all = await screen.findByRole('table', { name: 'Not accounting for shipping' });
    await waitFor(() =>
      expect(within(all).getByRole('row', { name: /Total Sales/ }).textContent).toContain('$12,345.60'),
    );
    await user.click(screen.getByRole('group', { name: /^Start Date/ }));
    await user.keyboard('12312026');
    await user.click(screen.getByRole('group', { name: /^End Date/ }));
    await user.keyboard('01012026');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The start date cannot be after the end date: choose a start date on or before the end date to see the figures.',
      ),
    );
    expect(within(all).getByRole('row', { name: /Total Sales/ }).textContent).not.toContain('$12,345.60');
  });
});
