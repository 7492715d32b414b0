import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { remittanceKeys } from './keys.ts';

export interface VendorOption {
  id: number;
  name: string;
}

/** GET /api/vendors/: the payers, for the check's Vendor select. */
export function getVendorOptions(signal?: AbortSignal): Promise<VendorOption[]> {
  return api.get<VendorOption[]>('/vendors/', { signal });
}

export function useVendorOptions(enabled: boolean) {
  return useQuery({ queryKey: remittanceKeys.vendors(), queryFn: ({ signal }) => getVendorOptions(signal), enabled });
}
