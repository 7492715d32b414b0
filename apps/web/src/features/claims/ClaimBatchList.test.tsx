import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { page } from '@/test/factories.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeBatchRow } from './test-data.ts';

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:batch'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.restoreAllMocks();
});

describe('Claim Batches', () => {
  it('lists the batches and downloads a file with the session token under its name', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: string[] = [];
    vi.mocked(HTMLAnchorElement.prototype.click).mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { fetchMock } = mockApi({
      'GET /api/claim_batches/': [
        200,
        page([makeBatchRow(), makeBatchRow({ id: 6, file_name: 'claims-6.837', user: null, status: 'accepted' })]),
      ],
      'GET /api/claim_batches/7/file/': [200, 'ISA*00*~'],
    });
    renderRoutes(routes, { path: '/claim-batches', session: adminSession });
    await screen.findByText('claims-6.837');
    const table = screen.getByRole('table', { name: 'Claim Batches' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File name', 'Claims', 'Control number', 'Status', 'Created', 'By', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    const first = within(rows[0])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect([...first.slice(0, 4), first[5]]).toEqual(['claims-7.837', '3', '1007', 'Submitted', 'Ada Admin']);
    expect(within(rows[1]).getAllByRole('cell')[3].textContent).toBe('Accepted');
    expect(within(rows[1]).getAllByRole('cell')[5].textContent).toBe('-');
    expect(screen.getByRole('tab', { name: 'Claim Batches' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Download claims-7.837' }));
    await waitFor(() => expect(saved).toEqual(['claims-7.837']));
    const download = fetchMock.mock.calls.find(([url]) => String(url) === '/api/claim_batches/7/file/');
    expect(new Headers(download?.[1]?.headers).get('Authorization')).toBe(`JWT ${adminSession.token}`);
  });
});

describe('Claim Batches for office staff', () => {
  it('lists the batches without the downloads, which are billing work', async () => {
    mockApi({ 'GET /api/claim_batches/': [200, page([makeBatchRow()])] });
    renderRoutes(routes, { path: '/claim-batches', session: { ...adminSession, role_id: 2 } });
    await screen.findByText(makeBatchRow().file_name);
    expect(screen.queryByRole('button', { name: /^Download / })).toBeNull();
  });
});
