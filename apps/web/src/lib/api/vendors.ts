import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vendor } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

/** The vendor list, read by the Vendors screen and by the remittance check's Vendor select. */
export const vendorKeys = {
  all: ['vendors'] as const,
  list: () => [...vendorKeys.all, 'list'] as const,
};

/** GET /api/vendors/: every vendor, by name. */
export function getVendors(signal?: AbortSignal): Promise<Vendor[]> {
  return api.get<Vendor[]>('/vendors/', { signal });
}

export const vendorsQueryOptions = () =>
  queryOptions({ queryKey: vendorKeys.list(), queryFn: ({ signal }) => getVendors(signal) });

export function useVendors(enabled = true) {
  return useQuery({ ...vendorsQueryOptions(), enabled });
}
