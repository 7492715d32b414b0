import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductType } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

/** GET /api/product_types/ (seeded lookups). */
export function getProductTypes(signal?: AbortSignal): Promise<ProductType[]> {
  return api.get<ProductType[]>('/product_types/', { signal });
}

export const productTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['lookups', 'product-types'],
    queryFn: ({ signal }) => getProductTypes(signal),
    staleTime: Infinity,
  });

export function useProductTypes() {
  return useQuery(productTypesQueryOptions());
}
