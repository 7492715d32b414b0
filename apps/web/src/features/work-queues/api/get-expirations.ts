import type { ExpirationRow, FacilityFilter, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** Filters of the Expirations screen (both dates must be set before the list runs). */
export type ExpirationFilters = {
  start_date: string | null;
  end_date: string | null;
  state: number | null;
  facility: FacilityFilter;
  waiver: boolean;
  hide_solved: boolean;
};

/** GET /api/expirations/: one page of expirations due in the range, with their colour inputs. */
export function getExpirations(request: ListRequest & ExpirationFilters, signal?: AbortSignal) {
  return api.get<Page<ExpirationRow>>('/expirations/', { params: { ...request }, signal });
}
