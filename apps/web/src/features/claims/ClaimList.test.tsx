import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { page } from '@/test/factories.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeAcknowledgement, makeClaimRow } from './test-data.ts';

const created = makeClaimRow();
const createdToo = makeClaimRow({
  id: 42,
  claim_number: 'C000042',
  invoice_id: 813,
  patient: { id: 6, first_name: 'Tom', last_name: 'Reed' },
});
const submitted = makeClaimRow({
  id: 40,
  claim_number: 'C000040',
  invoice_id: 811,
  status: 'partially_paid',
  batch_id: 6,
  patient: { id: 7, first_name: 'Ana', last_name: 'Zamora' },
  payer: { id: 4, name: 'Aetna' },
});

const listCalls = (calls: MockCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/claims/');
const lastQuery = (calls: MockCall[]) => Object.fromEntries(listCalls(calls).at(-1)!.query);

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:batch'), revokeObjectURL: vi.fn() });
  // jsdom cannot follow the download link; the browser's part is covered end to end.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.restoreAllMocks();
});

describe('Claims', () => {
  it('lists claims newest first with their status, and filters by status with the chips', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/claims/': (call) =>
        call.query.get('status') === 'partially_paid' ? [200, page([submitted])] : [200, page([created, submitted])],
    });
    renderRoutes(routes, { path: '/claims', session: adminSession });
    await screen.findByText('Ana Zamora');
    const table = screen.getByRole('table', { name: 'Claims' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Select', 'Claim number', 'Invoice', 'Patient', 'Payer', 'Amount', 'Status', 'Created', 'Batch']);
    const cells = within(within(table).getAllByRole('row')[2])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 7)).toEqual(['C000040', '811', 'Ana Zamora', 'Aetna', '$125.50', 'Partially paid']);
    expect(cells[7]).toMatch(/^03\/05\/2026 \d{1,2}:30 (AM|PM)$/);
    expect(cells[8]).toBe('6');
    expect(within(table).getByRole('link', { name: 'C000040' }).getAttribute('href')).toBe('/claims/40');
    expect(within(table).getByRole('link', { name: '811' }).getAttribute('href')).toBe('/invoices/811');
    expect(lastQuery(calls)).toEqual({ ordering: '-created', page: '1', page_size: '25' });

    const chips = within(screen.getByRole('group', { name: 'Status' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Created',
      'Submitted',
      'Accepted',
      'Rejected',
      'Paid',
      'Partially paid',
      'Denied',
      'Crossed over',
      'Reversed',
    ]);
    expect(chips.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(chips.getByRole('button', { name: 'Partially paid' }));
    await waitFor(() => expect(lastQuery(calls).status).toBe('partially_paid'));
    await waitFor(() => expect(screen.queryByText('Rose Hill')).toBeNull());
    expect(chips.getByRole('button', { name: 'Partially paid' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(chips.getByRole('button', { name: 'All' }));
    await screen.findByText('Rose Hill');
    expect(listCalls(calls).map((c) => c.query.get('status'))).toEqual([null, 'partially_paid']);
  });

  it('puts the chosen created claims in a batch and offers its file to download', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    const { calls, fetchMock } = mockApi({
      'GET /api/claims/': [200, page([created, createdToo, submitted])],
      'POST /api/claim_batches/': (call) => {
        posted = call;
        return [
          201,
          {
            id: 8,
            file_name: 'claims-8.837',
            claims: [
              { id: 41, claim_number: 'C000041' },
              { id: 42, claim_number: 'C000042' },
            ],
          },
        ];
      },
      'GET /api/claim_batches/8/file/': [200, 'ISA*00*~'],
    });
    renderRoutes(routes, { path: '/claims', session: adminSession });
    await screen.findByText('Tom Reed');
    expect(screen.getByRole('checkbox', { name: 'Select claim C000040' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Create batch' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select claim C000041' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select claim C000042' }));
    const before = listCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Create batch (2)' }));
    expect((await screen.findAllByText(/Batch created with 2 claims/)).length).toBeGreaterThan(0);
    expect(posted?.body).toEqual({ claim_ids: [41, 42] });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));

    await user.click(screen.getByRole('button', { name: 'Download claims-8.837' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/claim_batches/8/file/')).toBe(true));
    const download = fetchMock.mock.calls.find(([url]) => String(url) === '/api/claim_batches/8/file/');
    expect(new Headers(download?.[1]?.headers).get('Authorization')).toBe(`JWT ${adminSession.token}`);
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
  });

  it('shows why a batch was refused', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/claims/': [200, page([created])],
      'POST /api/claim_batches/': [
        422,
        { claim_ids: ['This claim was already sent: only a created claim goes in a new batch'] },
      ],
    });
    renderRoutes(routes, { path: '/claims', session: adminSession });
    await user.click(await screen.findByRole('checkbox', { name: 'Select claim C000041' }));
    await user.click(screen.getByRole('button', { name: 'Create batch (1)' }));
    await screen.findByText('This claim was already sent: only a created claim goes in a new batch');
    expect(screen.queryByText(/Batch created/)).toBeNull();
  });

  it('uploads an acknowledgement and shows what it did; a refused file is explained in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: readonly [number, unknown] = [422, { file: ['The file is not a 999 or a 277CA acknowledgement'] }];
    const { calls, fetchMock } = mockApi({
      'GET /api/claims/': [200, page([created])],
      'POST /api/claim_acknowledgements/': () => answer,
    });
    renderRoutes(routes, { path: '/claims', session: adminSession });
    await screen.findByText('Rose Hill');
    await user.click(screen.getByRole('button', { name: 'Upload acknowledgement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload acknowledgement' });
    const input = within(dialog).getByLabelText('Acknowledgement file');
    expect(input.getAttribute('accept')).toBe('.txt,.999,.277,.x12,.edi');
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);

    await user.upload(input, new File(['ISA*'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The file is not a 999 or a 277CA acknowledgement',
    );

    answer = [201, makeAcknowledgement()];
    const before = listCalls(calls).length;
    await user.upload(input, new File(['ISA*'], 'ack.277', { type: '' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const accepted = await within(dialog).findByRole('region', { name: 'Accepted' });
    expect(within(accepted).getByRole('link', { name: 'C000041' }).getAttribute('href')).toBe('/claims/41');
    const rejected = within(dialog).getByRole('region', { name: 'Rejected' });
    expect(rejected.textContent).toContain('C000042: Subscriber ID invalid');
    expect(within(dialog).getByRole('region', { name: 'Unknown references (nothing changed)' }).textContent).toContain(
      'C999999',
    );
    expect(within(dialog).getByRole('alert').textContent).toContain('277CA read: 1 claim accepted, 1 claim rejected');
    const uploads = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/claim_acknowledgements/');
    expect(uploads).toHaveLength(2);
    expect(((uploads[1][1]?.body as FormData).get('file') as File).name).toBe('ack.277');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload acknowledgement' })).toBeNull());
  });
});
