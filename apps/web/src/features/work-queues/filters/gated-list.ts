import { useEffect } from 'react';
import type { ServerListView } from '@/components/server-table/index.ts';
import { useNotify } from '@/lib/notify.ts';
import type { DateGate } from './use-date-gate.ts';

/** What the table shows: nothing while the date gate is closed (no stale rows of another range). */
export function gatedView<T>(list: ServerListView<T>, gate: DateGate): ServerListView<T> {
  if (gate.open) return list;
  return { ...list, rows: [], count: 0, isLoading: false, isFetching: false, isError: false };
}

/**
 * Spec part 3 section 8: a date-filtered list whose fetch does not answer 200 says so in a
 * notification (the spec shows these in the success style).
 */
export function useListFailureNotice(isError: boolean, message: string): void {
  const notify = useNotify();
  useEffect(() => {
    if (isError) notify.success(message);
  }, [isError, message, notify]);
}
