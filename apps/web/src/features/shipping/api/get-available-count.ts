import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableCount } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { shippingParams, type BatchFilters } from './filters.ts';
import { shippingKeys } from './keys.ts';

/** GET /api/getCountOcurrencesAvailablesForPrint/: how many records a batch would print now. */
export function getAvailableCount(filters: BatchFilters, signal?: AbortSignal): Promise<AvailableCount> {
  return api.get<AvailableCount>('/getCountOcurrencesAvailablesForPrint/', { params: shippingParams(filters), signal });
}

// Always fresh: the dialogs state the number of records available at the moment they open.
export const availableCountQueryOptions = (filters: BatchFilters) =>
  queryOptions({
    queryKey: shippingKeys.availableCount(shippingParams(filters)),
    queryFn: ({ signal }) => getAvailableCount(filters, signal),
    staleTime: 0,
    gcTime: 0,
  });

export function useAvailableCount(filters: BatchFilters, enabled: boolean) {
  return useQuery({ ...availableCountQueryOptions(filters), enabled });
}
