import { isWireDate, type ShippingFacility } from '@dme/shared';
import type { QueryValue } from '@/lib/api-client.ts';

/** The Shipping Status filters as the screen keeps them (and localStorage persists them). */
export type ShippingFilterState = {
  start_date: string | null;
  end_date: string | null;
  state: number | null;
  facility: ShippingFacility;
  hidden_shipped: boolean;
};

export const DEFAULT_SHIPPING_FILTERS: ShippingFilterState = {
  start_date: null,
  end_date: null,
  state: null,
  facility: 'All',
  hidden_shipped: false,
};

/** Both dates valid and in order: only then are they sent (spec part 3 section 7). */
export function dateRangeSent(f: Pick<ShippingFilterState, 'start_date' | 'end_date'>): boolean {
  return Boolean(
    f.start_date && f.end_date && isWireDate(f.start_date) && isWireDate(f.end_date) && f.start_date <= f.end_date,
  );
}

/** The query parameters of the filters: start_date and end_date only when both are set. */
export function shippingParams(f: ShippingFilterState & { search?: string }): Record<string, QueryValue> {
  const both = dateRangeSent(f);
  return {
    search: f.search?.trim() || undefined,
    start_date: both ? f.start_date : undefined,
    end_date: both ? f.end_date : undefined,
    state: f.state ?? undefined,
    facility: f.facility,
    hidden_shipped: f.hidden_shipped,
  };
}

/** The filters a batch is made of: the list's filters and its search. */
export type BatchFilters = ShippingFilterState & { search: string };
