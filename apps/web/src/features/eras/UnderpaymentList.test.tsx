import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { page } from '@/test/factories.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeUnderpaymentRow } from './test-data.ts';

const vendor = (id: number, name: string) => ({
  id,
  name,
  phone: '',
  payer_id: '',
  claim_filing_indicator: '',
  address_1: '',
  city: '',
  state: '',
  zip: '',
});
const VENDORS = [vendor(3, 'Medicare'), vendor(4, 'Aetna')];

const hill = makeUnderpaymentRow();
const reed = makeUnderpaymentRow({
  id: 10,
  era_id: null,
  claim_number: 'C000038',
  invoice_id: 790,
  patient: { id: 6, first_name: 'Tom', last_name: 'Reed' },
  payer: { id: 4, name: 'Aetna' },
  hcpcs: 'E0260',
  expected: 1250.75,
  allowed: 1000,
  difference: 250.75,
  posted: '2026-04-10',
});

const listCalls = (calls: MockCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/underpayments/');
const lastQuery = (calls: MockCall[]) => Object.fromEntries(listCalls(calls).at(-1)!.query);

async function choose(user: UserEvent, select: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Underpaid', () => {
  it('lists the lines a payer allowed less than expected, with the difference', async () => {
    const { calls } = mockApi({
      'GET /api/underpayments/': [200, page([hill, reed])],
      'GET /api/vendors/': [200, VENDORS],
    });
    renderRoutes(routes, { path: '/underpayments', session: adminSession });
    expect(await screen.findByRole('heading', { name: 'Underpaid', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Underpaid' });
    await within(table).findByText('Tom Reed');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Patient', 'Payer', 'Claim', 'Date of service', 'HCPCS', 'Expected', 'Allowed', 'Difference', 'Posted']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Rose Hill', 'Medicare', 'C000041', '03/02/2026', 'E0601', '$101.15', '$80.00', '$21.15', '04/02/2026'],
      ['Tom Reed', 'Aetna', 'C000038', '03/02/2026', 'E0260', '$1,250.75', '$1,000.00', '$250.75', '04/10/2026'],
    ]);
    expect(within(table).getByRole('link', { name: 'Rose Hill' }).getAttribute('href')).toBe('/patients/5');
    expect(within(table).getByRole('link', { name: 'C000041' }).getAttribute('href')).toBe('/invoices/812');
    expect(within(table).getByRole('link', { name: '04/02/2026' }).getAttribute('href')).toBe('/remittance-files/3');
    // A line without its remittance file shows the date alone.
    expect(within(table).queryByRole('link', { name: '04/10/2026' })).toBeNull();
    expect(lastQuery(calls)).toEqual({ page: '1', page_size: '25' });
  });

  it('filters by payer as the Denials list does', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/underpayments/': (call) => [200, page(call.query.get('payer') === '4' ? [reed] : [hill, reed])],
      'GET /api/vendors/': [200, VENDORS],
    });
    renderRoutes(routes, { path: '/underpayments', session: adminSession });
    await screen.findByText('Rose Hill');
    await choose(user, 'Payer', 'Aetna');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', page_size: '25', payer: '4' }));
    await waitFor(() => expect(screen.queryByText('Rose Hill')).toBeNull());
    expect(screen.getByText('Tom Reed')).toBeTruthy();
    // Any payer again: the first page, as first asked (no payer sent).
    await choose(user, 'Payer', 'Any payer');
    await screen.findByText('Rose Hill');
    expect(listCalls(calls).every((c) => ['', '4'].includes(c.query.get('payer') ?? ''))).toBe(true);
  });

  it('says when nothing was underpaid', async () => {
    mockApi({ 'GET /api/underpayments/': [200, page([])], 'GET /api/vendors/': [200, VENDORS] });
    renderRoutes(routes, { path: '/underpayments', session: adminSession });
    await screen.findByText("THERE AREN'T UNDERPAYMENTS");
  });
});
