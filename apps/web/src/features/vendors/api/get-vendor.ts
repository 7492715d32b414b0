import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vendor } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { vendorsKeys } from './keys.ts';

/** GET /api/vendors/{id}/ */
export function getVendor(id: number, signal?: AbortSignal): Promise<Vendor> {
  return api.get<Vendor>(`/vendors/${id}/`, { signal });
}

export const vendorQueryOptions = (id: number) =>
  queryOptions({ queryKey: vendorsKeys.detail(id), queryFn: ({ signal }) => getVendor(id, signal) });

export function useVendor(id: number) {
  return useQuery(vendorQueryOptions(id));
}
