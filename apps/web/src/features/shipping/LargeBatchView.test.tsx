import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { shippingTestRoutes as routes } from './test-routes.tsx';
import { makeBatchItem } from './test-data.ts';
import { formatSize } from './LargeBatchView.tsx';

describe('Large Batch View', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('lists finished files as links and shows the progress of those still rendering', async () => {
    const user = userEvent.setup({ delay: null });
    const done = makeBatchItem();
    const rendering = makeBatchItem({
      name: 'shipping-status-2026-06-01-2026-06-30.pdf',
      url: null,
      status: 'rendering',
      size: null,
      finished_at: null,
      record_count: 400,
      rendered_count: 100,
    });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { calls } = mockApi({
      'GET /api/list_batch_prints/': [200, [rendering, done]],
      [`GET /api/batch_prints/${done.id}/download/`]: [200, { pdf: true }],
    });
    renderRoutes(routes, { path: '/batch_shipping_status/', session: adminSession });

    const table = await screen.findByRole('table', { name: 'List Batch Print' });
    expect(within(table).getByRole('columnheader', { name: 'Download' })).toBeTruthy();
    const link = await within(table).findByRole('link', { name: done.name });
    expect(link.getAttribute('href')).toBe(done.url);
    expect(within(table).getByText(/120 tickets · 2\.3 MB/)).toBeTruthy();
    const progress = within(table).getByRole('progressbar', { name: /Rendering 100 of 400 tickets/ });
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(within(table).queryByRole('link', { name: rendering.name })).toBeNull();

    await user.click(link);
    await waitFor(() => expect(clicks).toEqual([done.name]));
    expect(calls.some((c) => c.path === `/api/batch_prints/${done.id}/download/`)).toBe(true);
    click.mockRestore();
  });

  it('says honestly where each unfinished batch stands, and links only the finished file', async () => {
    const unfinished = { url: null, size: null, finished_at: null, record_count: 400 } as const;
    const queued = makeBatchItem({
      ...unfinished,
      name: 'queued.pdf',
      status: 'queued',
      attempts: 0,
      rendered_count: 0,
    });
    const rendering = makeBatchItem({ ...unfinished, name: 'rendering.pdf', status: 'rendering', rendered_count: 100 });
    const again = makeBatchItem({
      ...unfinished,
      name: 'again.pdf',
      status: 'rendering',
      attempts: 2,
      rendered_count: 40,
    });
    const stalled = makeBatchItem({
      ...unfinished,
      name: 'stalled.pdf',
      status: 'rendering',
      stalled: true,
      rendered_count: 200,
    });
    const retrying = makeBatchItem({
      ...unfinished,
      name: 'retrying.pdf',
      status: 'queued',
      attempts: 1,
      rendered_count: 0,
      error: 'The rendering stopped: the process doing it stopped answering.',
    });
    const failed = makeBatchItem({
      ...unfinished,
      name: 'failed.pdf',
      status: 'failed',
      attempts: 3,
      error: 'No space left on device',
    });
    const done = makeBatchItem({ name: 'done.pdf' });
    mockApi({ 'GET /api/list_batch_prints/': [200, [queued, rendering, again, stalled, retrying, failed, done]] });
    renderRoutes(routes, { path: '/batch_shipping_status/', session: adminSession });

    const table = await screen.findByRole('table', { name: 'List Batch Print' });
    await within(table).findByRole('link', { name: 'done.pdf' });
    const bar = (name: RegExp) => within(table).getByRole('progressbar', { name });
    expect(bar(/^queued\.pdf Queued: 400 tickets$/).getAttribute('aria-valuenow')).toBeNull();
    expect(bar(/^rendering\.pdf Rendering 100 of 400 tickets$/).getAttribute('aria-valuenow')).toBe('25');
    expect(bar(/^again\.pdf Rendering 40 of 400 tickets \(attempt 2 of 3\)$/).getAttribute('aria-valuenow')).toBe('10');
    expect(
      bar(/^stalled\.pdf Interrupted at 200 of 400 tickets: waiting for a worker to start it again$/).getAttribute(
        'aria-valuenow',
      ),
    ).toBe('50');
    expect(
      bar(
        /^retrying\.pdf Retrying \(attempt 2 of 3\): The rendering stopped: the process doing it stopped answering\.$/,
      ),
    ).toBeTruthy();
    expect(within(table).getByText('Failed: No space left on device')).toBeTruthy();
    expect(within(table).getAllByRole('progressbar')).toHaveLength(5);
    expect(
      within(table)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['done.pdf']);
  });

  it('says "Download error" when the file cannot be fetched', async () => {
    const user = userEvent.setup({ delay: null });
    const done = makeBatchItem();
    mockApi({ 'GET /api/list_batch_prints/': [200, [done]] });
    renderRoutes(routes, { path: '/batch_shipping_status/', session: adminSession });
    await user.click(await screen.findByRole('link', { name: done.name }));
    await screen.findByText('Download error');
  });

  it('formats sizes', () => {
    expect(formatSize(900)).toBe('900 B');
    expect(formatSize(2048)).toBe('2.0 kB');
    expect(formatSize(2_400_000)).toBe('2.3 MB');
  });
});
