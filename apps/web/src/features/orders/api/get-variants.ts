import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceVariant } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** GET /api/variants/{productId}/: the price variants of a product. */
export function getVariants(productId: number, signal?: AbortSignal): Promise<PriceVariant[]> {
  return api.get<PriceVariant[]>(`/variants/${productId}/`, { signal });
}

export const variantsQueryOptions = (productId: number) =>
  queryOptions({ queryKey: ordersKeys.variants(productId), queryFn: ({ signal }) => getVariants(productId, signal) });

export function useVariants(productId: number | null) {
  return useQuery({ ...variantsQueryOptions(productId ?? 0), enabled: productId !== null });
}
