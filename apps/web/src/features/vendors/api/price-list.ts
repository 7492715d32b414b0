import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceListImportResult, VendorPrice } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { vendorsKeys } from './keys.ts';

const priceListKey = (vendorId: number) => [...vendorsKeys.detail(vendorId), 'price_list'] as const;

/** GET /api/vendors/{id}/price_list/: the payer's own prices. */
export function getPriceList(vendorId: number, signal?: AbortSignal): Promise<VendorPrice[]> {
  return api.get<VendorPrice[]>(`/vendors/${vendorId}/price_list/`, { signal });
}

export const priceListQueryOptions = (vendorId: number) =>
  queryOptions({ queryKey: priceListKey(vendorId), queryFn: ({ signal }) => getPriceList(vendorId, signal) });

export function usePriceList(vendorId: number) {
  return useQuery(priceListQueryOptions(vendorId));
}

/** POST /api/vendors/{id}/price_list/ as multipart `file`: replaces the prices (201 with the count; 422 names a bad line). */
export function importPriceList(vendorId: number, file: File): Promise<PriceListImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<PriceListImportResult>(`/vendors/${vendorId}/price_list/`, form);
}

export function useImportPriceList(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importPriceList(vendorId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListKey(vendorId) }),
  });
}
