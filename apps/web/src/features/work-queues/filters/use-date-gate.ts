import { useCallback, useState } from 'react';
import { dateRangeOf, isValidDateRange, OPERATIONS_MESSAGES, type DateRange, type Page } from '@dme/shared';

export interface DateFilters {
  start_date: string | null;
  end_date: string | null;
}

export interface DateGate {
  /** The list may fetch. */
  open: boolean;
  /** The chosen range, when both dates make one (colours and alerts are computed for it). */
  range: DateRange | null;
  /** Why nothing is listed (shown above the table), when the gate is closed. */
  hint: string | null;
  /** Shown under End Date when the start is after the end. */
  orderError: string | undefined;
  setInvalid: (field: keyof DateFilters, invalid: boolean) => void;
}

export const CHOOSE_BOTH_DATES = 'Choose a Start Date and an End Date to see the list.';
export const FINISH_DATES = 'Finish typing both dates to see the list.';

/** Whether a list with these dates may be fetched: a valid, ordered range, or (optional ranges) no date at all. */
export function isRunnable({ start_date, end_date }: DateFilters, required: boolean): boolean {
  return isValidDateRange(start_date, end_date) || (!required && !start_date && !end_date);
}

/**
 * Wraps a list's fetcher so that a request whose dates are not runnable reaches no server: it
 * answers an empty page at once (the screen shows why instead).
 */
export function whenRunnable<R extends DateFilters & { page: number; page_size: number }, T>(
  fetcher: (request: R, signal: AbortSignal) => Promise<Page<T>>,
  required: boolean,
): (request: R, signal: AbortSignal) => Promise<Page<T>> {
  return (request, signal) =>
    isRunnable(request, required)
      ? fetcher(request, signal)
      : Promise.resolve({ results: [], count: 0, page_size: request.page_size, current: request.page });
}

/**
 * Spec part 3 section 5: a date-range query runs only when both dates are valid and the start is
 * not after the end; otherwise nothing is fetched. Lists whose range is optional (`required`
 * false) also run with no date at all, and then send none.
 */
export function useDateGate({ start_date, end_date }: DateFilters, required: boolean): DateGate {
  const [invalid, setInvalidState] = useState<Record<keyof DateFilters, boolean>>({
    start_date: false,
    end_date: false,
  });
  const setInvalid = useCallback((field: keyof DateFilters, value: boolean) => {
    setInvalidState((current) => (current[field] === value ? current : { ...current, [field]: value }));
  }, []);

  const range = dateRangeOf(start_date, end_date);
  const typing = invalid.start_date || invalid.end_date;
  const unordered = Boolean(start_date && end_date && !range);

  let hint: string | null = null;
  if (typing) hint = FINISH_DATES;
  else if (unordered) hint = OPERATIONS_MESSAGES.startAfterEnd;
  else if (!isRunnable({ start_date, end_date }, required)) hint = CHOOSE_BOTH_DATES;

  return {
    open: hint === null,
    range: typing ? null : range,
    hint,
    orderError: !typing && unordered ? OPERATIONS_MESSAGES.startAfterEnd : undefined,
    setInvalid,
  };
}
