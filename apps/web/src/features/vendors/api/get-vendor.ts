import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { VendorRecord } from '../vendor-form.ts';
import { vendorsKeys } from './keys.ts';

/** GET /api/vendors/{id}/ */
export function getVendor(id: number, signal?: AbortSignal): Promise<VendorRecord> {
  return api.get<VendorRecord>(`/vendors/${id}/`, { signal });
}

export const vendorQueryOptions = (id: number) =>
  queryOptions({ queryKey: vendorsKeys.detail(id), queryFn: ({ signal }) => getVendor(id, signal) });

export function useVendor(id: number) {
  return useQuery(vendorQueryOptions(id));
}
