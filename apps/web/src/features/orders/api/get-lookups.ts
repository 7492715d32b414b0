import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderLookup } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

type LookupPath = '/order_status/' | '/deliveries/' | '/recurrences/';

/** GET /api/order_status/, /api/deliveries/ or /api/recurrences/ (seeded lookups). */
export function getLookup(path: LookupPath, signal?: AbortSignal): Promise<OrderLookup[]> {
  return api.get<OrderLookup[]>(path, { signal });
}

const lookupQueryOptions = (path: LookupPath) =>
  queryOptions({ queryKey: ['lookups', path], queryFn: ({ signal }) => getLookup(path, signal), staleTime: Infinity });

export function useOrderStatuses() {
  return useQuery(lookupQueryOptions('/order_status/'));
}

export function useDeliveries() {
  return useQuery(lookupQueryOptions('/deliveries/'));
}

export function useRecurrences() {
  return useQuery(lookupQueryOptions('/recurrences/'));
}
