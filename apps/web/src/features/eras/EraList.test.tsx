import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { page } from '@/test/factories.ts';
import { fill } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeEra, makeEraClaim, makeEraRow } from './test-data.ts';

const older = makeEraRow({
  id: 14,
  payer_name: 'Aetna',
  check_number: '100234',
  check_date: '2026-03-28',
  total_paid: 250,
  posted_total: 200,
  unmatched_total: 50,
  claims: 3,
  denied: 0,
  status: 'reverted',
  created: '2026-03-30T15:30:00.000Z',
});

const listCalls = (calls: MockCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/eras/');
const lastQuery = (calls: MockCall[]) => Object.fromEntries(listCalls(calls).at(-1)!.query);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Remittance Files', () => {
  it('lists the imported remittances with their amounts, links each to its detail, and searches on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/eras/': (call) =>
        call.query.get('search') === 'aetna' ? [200, page([older])] : [200, page([makeEraRow(), older])],
    });
    renderRoutes(routes, { path: '/remittance-files', session: adminSession });
    await screen.findByText('Aetna');
    const table = screen.getByRole('table', { name: 'Remittance Files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Received',
      'Payer',
      'Check/EFT',
      'Check date',
      'Paid',
      'Posted',
      'Unmatched',
      'Claims',
      'Denied',
      'Status',
    ]);
    const cells = cellsOf(within(table).getAllByRole('row')[2]);
    expect(cells[0]).toMatch(/^03\/30\/2026 \d{1,2}:30 (AM|PM)$/);
    expect(cells.slice(1)).toEqual([
      'Aetna',
      '100234',
      '03/28/2026',
      '$250.00',
      '$200.00',
      '$50.00',
      '3',
      '0',
      'Reverted',
    ]);
    expect(within(table).getByRole('link', { name: 'EFT0042' }).getAttribute('href')).toBe('/remittance-files/15');
    expect(lastQuery(calls)).toEqual({ page: '1', page_size: '25' });

    await fill(user, screen.getByRole('textbox', { name: 'Search' }), 'aetna');
    await waitFor(() => expect(lastQuery(calls).search).toBe('aetna'));
    await waitFor(() => expect(screen.queryByText('EFT0042')).toBeNull());
  });

  it('uploads an 835 and shows each payment it held; the list refetches', async () => {
    const user = userEvent.setup({ delay: null });
    const unmatched = makeEra({
      id: 16,
      payer_name: 'Aetna',
      check_number: '100235',
      total_paid: 80,
      posted_total: 30,
      unmatched_total: 50,
      claims: [makeEraClaim(), makeEraClaim({ index: 1, claim_number: 'X-77', matched_claim_id: null })],
    });
    const { calls, fetchMock } = mockApi({
      'GET /api/eras/': [200, page([makeEraRow()])],
      'POST /api/eras/': [201, [makeEra(), unmatched]],
    });
    renderRoutes(routes, { path: '/remittance-files', session: adminSession });
    await screen.findByText('EFT0042');
    await user.click(screen.getByRole('button', { name: 'Upload 835' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload 835' });
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    const before = listCalls(calls).length;
    await user.upload(within(dialog).getByLabelText('835 file'), new File(['ISA*'], 'era-0402.835'));
    expect(within(dialog).getByText('era-0402.835')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const imported = await within(dialog).findByRole('table', { name: 'Imported remittances' });
    expect(
      within(imported)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Payer', 'Check/EFT', 'Total paid', 'Posted', 'Unmatched', 'Claims']);
    const rows = within(imported).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['Medicare', 'EFT0042', '$64.00', '$64.00', '$0.00', '1'],
      ['Aetna', '100235', '$80.00', '$30.00', '$50.00', '2'],
    ]);
    expect(within(imported).getByRole('link', { name: '100235' }).getAttribute('href')).toBe('/remittance-files/16');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '2 remittances imported; 1 remittance with unmatched payments: open each to match them.',
    );
    const uploads = fetchMock.mock.calls.filter(
      ([url, init]) => String(url) === '/api/eras/' && init?.method === 'POST',
    );
    expect(uploads).toHaveLength(1);
    expect(((uploads[0][1]?.body as FormData).get('file') as File).name).toBe('era-0402.835');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload 835' })).toBeNull());
  });

  it('explains a refused file in the dialog: not an 835 (422), or imported before (409)', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: readonly [number, unknown] = [
      422,
      { detail: 'Not an 835 remittance: segment ST on line 3 names transaction set 837' },
    ];
    mockApi({ 'GET /api/eras/': [200, page([makeEraRow()])], 'POST /api/eras/': () => answer });
    renderRoutes(routes, { path: '/remittance-files', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Upload 835' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload 835' });
    const input = within(dialog).getByLabelText('835 file');

    await user.upload(input, new File(['ISA*'], 'claims.txt'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Not an 835 remittance: segment ST on line 3 names transaction set 837',
    );

    answer = [409, { detail: 'This remittance was already imported' }];
    await user.upload(input, new File(['ISA*'], 'era-0402.835'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByText('This remittance was already imported');
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(within(dialog).queryByRole('table')).toBeNull();
  });
});

describe('Remittance Files for office staff', () => {
  it('lists the remittances without the upload, which is billing work', async () => {
    mockApi({ 'GET /api/eras/': [200, page([makeEraRow()])] });
    renderRoutes(routes, { path: '/remittance-files', session: { ...adminSession, role_id: 2 } });
    await screen.findByText('EFT0042');
    expect(screen.queryByRole('button', { name: 'Upload 835' })).toBeNull();
  });
});
