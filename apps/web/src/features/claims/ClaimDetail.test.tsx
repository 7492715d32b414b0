import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { routes } from '@/app/router.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { makeRemittanceLine } from '@/test/factories.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeClaimDetail } from './test-data.ts';

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Claim detail', () => {
  it('shows the claim, its lines and its history', async () => {
    mockApi({
      'GET /api/claims/41/': [200, makeClaimDetail({ frequency: 7, original_claim_number: 'C000031' })],
    });
    renderRoutes(routes, { path: '/claims/41', session: adminSession });
    const heading = await screen.findByRole('heading', { name: 'Claim C000041' });
    expect(heading.parentElement?.textContent).toContain('Rejected');
    expect(screen.getByRole('link', { name: '812' }).getAttribute('href')).toBe('/invoices/812');
    expect(screen.getByRole('link', { name: 'Rose Hill' }).getAttribute('href')).toBe('/patients/5');
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Payer: 'Medicare',
      Priority: 'Primary',
      Amount: '$125.50',
      Frequency: 'Replacement of C000031',
      Batch: '7',
    });
    // Stored without dots, shown with them, numbered as the lines point at them.
    expect(screen.getByText('1. J44.9')).toBeTruthy();
    expect(screen.getByText('2. G47.33')).toBeTruthy();

    const lines = screen.getByRole('table', { name: 'Claim lines' });
    expect(
      within(lines)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Line',
      'HCPCS',
      'Modifiers',
      'Description',
      'Units',
      'Charge',
      'Dates of service',
      'Diagnosis pointers',
    ]);
    expect(cellsOf(lines)).toEqual([
      ['1', 'E0601', 'RR, KH', 'CPAP device', '1', '$95.50', '03/02/2026 – 04/01/2026', '2'],
      ['2', 'A7030', '-', 'Full face mask', '1', '$30.00', '03/02/2026', '1, 2'],
    ]);

    const history = cellsOf(screen.getByRole('table', { name: 'Claim history' }));
    expect(history.map((row) => row.slice(0, 3))).toEqual([
      ['Created', '-', 'Ada Admin'],
      ['Submitted', '-', 'Ada Admin'],
      ['Rejected', 'Subscriber ID invalid', 'System'],
    ]);
    expect(history[2][3]).toMatch(/^03\/06\/2026 \d{1,2}:00 (AM|PM)$/);
  });

  it('lists the remittance lines that answered it, each linked to its remittance file', async () => {
    mockApi({
      'GET /api/claims/41/': [
        200,
        makeClaimDetail({ status: 'partially_paid', remittance_lines: [makeRemittanceLine()] }),
      ],
    });
    renderRoutes(routes, { path: '/claims/41', session: adminSession });
    const table = await screen.findByRole('table', { name: 'Remittances' });
    expect(cellsOf(table)).toEqual([
      [
        'EFT0042',
        'Medicare',
        'C000041',
        'A4615',
        '$12.00',
        '$6.00',
        '$2.00',
        'CO-45 6.00 Charge exceeds fee schedule/maximum allowablePR-2 2.00 Coinsurance amountN130 Consult plan benefit documents for coverage',
        'Posted',
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'EFT0042' }).getAttribute('href')).toBe('/remittance-files/15');
    // Between the lines and the history.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Claim C000041',
      'Lines',
      'Remittances',
      'History',
    ]);
  });

  it('an original claim says so; a claim that does not exist goes to /404', async () => {
    mockApi({ 'GET /api/claims/41/': [200, makeClaimDetail()] });
    renderRoutes(routes, { path: '/claims/41', session: adminSession });
    const frequency = await screen.findByText('Frequency');
    expect(frequency.nextElementSibling?.textContent).toBe('Original');

    mockApi({ 'GET /api/claims/9/': [404, { detail: 'Not found.' }] });
    const { router } = renderRoutes(routes, { path: '/claims/9', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});

describe('Replace claim', () => {
  it('makes a replacement of an answered claim and opens it', async () => {
    const { fetchMock } = mockApi({
      'GET /api/claims/41/': [200, makeClaimDetail({ status: 'denied' })],
      'POST /api/claims/41/replace/': [201, { id: 42, invoice_id: 812, claim_number: '812-2' }],
      'GET /api/claims/42/': [
        200,
        makeClaimDetail({
          id: 42,
          claim_number: '812-2',
          status: 'created',
          frequency: 7,
          original_claim_number: 'C000041',
        }),
      ],
    });
    renderRoutes(routes, { path: '/claims/41', session: adminSession });
    (await screen.findByRole('button', { name: 'Replace claim' })).click();
    await screen.findByRole('heading', { name: 'Claim 812-2' });
    expect(screen.getByText('Replacement claim 812-2 created')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/claims/41/replace/') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('is not offered for a claim still in flight', async () => {
    mockApi({ 'GET /api/claims/41/': [200, makeClaimDetail({ status: 'submitted' })] });
    renderRoutes(routes, { path: '/claims/41', session: adminSession });
    await screen.findByRole('heading', { name: 'Claim C000041' });
    expect(screen.queryByRole('button', { name: 'Replace claim' })).toBeNull();
  });
});
