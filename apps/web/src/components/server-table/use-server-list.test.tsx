import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { readPersisted, writePersisted } from '@/lib/storage.ts';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { useServerList, type ListFilters } from './use-server-list.ts';

type Filters = ListFilters & { start_date: string | null; end_date: string | null; state: number | null };

const today = { start_date: '2026-02-01', end_date: '2026-03-03' };

function openList(saved: unknown) {
  writePersisted('daily-test', saved);
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <Providers client={client}>{children}</Providers>;
  return renderHook(
    () =>
      useServerList<unknown, Filters>({
        queryKey: ['daily-test'],
        fetcher: () => Promise.resolve({ results: [], count: 0, page_size: 25, current: 1 }),
        filters: { ...today, state: null },
        persistKey: 'daily-test',
        dailyFilters: ['start_date', 'end_date'],
        enabled: false,
      }),
    { wrapper },
  ).result.current;
}

describe('useServerList daily filters', () => {
  it('lets saved dates the user never changed follow the day, and keeps the ones they chose', () => {
    const list = openList({
      search: '',
      page: 1,
      pageSize: 25,
      filters: { start_date: '2026-01-10', end_date: '2026-01-31', state: 5 },
      opened: { start_date: '2026-01-01', end_date: '2026-01-31' },
    });
    // The end date was the day's default when saved: it follows today; the start was chosen.
    expect(list.filters).toEqual({ start_date: '2026-01-10', end_date: '2026-03-03', state: 5 });
    expect(readPersisted<{ opened: unknown }>('daily-test')?.opened).toEqual(today);
  });

  it('keeps every saved filter when nothing says what the defaults were', () => {
    const list = openList({ filters: { start_date: '2026-01-01', end_date: '2026-01-31', state: null } });
    expect(list.filters).toEqual({ start_date: '2026-01-01', end_date: '2026-01-31', state: null });
  });
});
