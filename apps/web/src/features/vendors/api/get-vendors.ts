import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vendor } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { vendorsKeys } from './keys.ts';

/** GET /api/vendors/: every vendor (the list sorts, searches and pages on the client). */
export function getVendors(signal?: AbortSignal): Promise<Vendor[]> {
  return api.get<Vendor[]>('/vendors/', { signal });
}

export const vendorsQueryOptions = () =>
  queryOptions({ queryKey: vendorsKeys.list(), queryFn: ({ signal }) => getVendors(signal) });

export function useVendors() {
  return useQuery(vendorsQueryOptions());
}
