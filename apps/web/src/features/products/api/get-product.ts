import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { productsKeys } from './get-products.ts';

/** GET /api/products/{id}/ (404 when the product does not exist). */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/products/${id}/`, { signal });
}

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productsKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id));
}
