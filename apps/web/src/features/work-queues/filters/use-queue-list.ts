import { useState } from 'react';
import { DEFAULT_OPERATIONS_ORDERING, MSG, OPERATIONS_MESSAGES, type Page } from '@dme/shared';
import { useServerList, type ListFilters, type ListRequest } from '@/components/server-table/index.ts';
import { useNotify } from '@/lib/notify.ts';
import { gatedView, useListFailureNotice } from './gated-list.ts';
import { useDateGate, type DateFilters } from './use-date-gate.ts';

type QueueFilters = ListFilters & DateFilters & { state: number | null };

interface QueueListOptions<T, F extends QueueFilters> {
  queryKey: readonly unknown[];
  /** Wrapped in whenRunnable: a range that cannot run reaches no server. */
  fetcher: (request: ListRequest & F, signal: AbortSignal) => Promise<Page<T>>;
  filters: F;
  /** Both dates are needed before anything is listed (Expirations); otherwise none may be given. */
  datesRequired: boolean;
  /** The notice when the list's fetch fails (spec part 3 section 8). */
  failureMessage: string;
  persistKey?: string;
  /** Filters whose defaults are the day's (the opening dates): unchanged, they follow the day. */
  dailyFilters?: readonly (keyof F & string)[];
  /** The first order of the list; the queues' by date unless told otherwise. */
  ordering?: string;
}

/**
 * A work-queue list: the server list in the queues' default order, the date gate over its
 * filters, the failure notice, what the table shows, and the props of its filter fields.
 */
export function useQueueList<T, F extends QueueFilters>(options: QueueListOptions<T, F>) {
  const list = useServerList<T, F>({
    queryKey: options.queryKey,
    fetcher: options.fetcher,
    filters: options.filters,
    ordering: options.ordering ?? DEFAULT_OPERATIONS_ORDERING,
    persistKey: options.persistKey,
    dailyFilters: options.dailyFilters,
  });
  const { filters, setFilters } = list;
  const gate = useDateGate(filters, options.datesRequired);
  useListFailureNotice(list.isError, options.failureMessage);
  return {
    list,
    gate,
    view: gatedView(list, gate),
    filterFields: {
      start_date: filters.start_date,
      end_date: filters.end_date,
      state: filters.state,
      gate,
      onChange: setFilters,
    },
  };
}

/**
 * Switches that save at once: which are saving (disabled meanwhile), and a save that says
 * "updated" or that the request failed.
 */
export function useSavingSwitches(
  success: string = OPERATIONS_MESSAGES.occurrenceUpdated,
  failure: string = MSG.requestFailed,
) {
  const notify = useNotify();
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const save = async (key: string, action: () => Promise<unknown>) => {
    setSaving((keys) => new Set(keys).add(key));
    try {
      await action();
      notify.success(success);
    } catch {
      notify.error(failure);
    } finally {
      setSaving((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  };
  return { isSaving: (key: string) => saving.has(key), save };
}
