import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** The part of GET /api/products/{id}/ a line needs: the product's default modifiers (issue 31). */
interface ProductCodes {
  hcpcs_code?: string;
  modifiers?: string[];
}

/** The product's own modifiers, which a line without an override bills. */
export async function getProductModifiers(productId: number, signal?: AbortSignal): Promise<string[]> {
  const product = await api.get<ProductCodes>(`/products/${productId}/`, { signal });
  return product.modifiers ?? [];
}

export const productModifiersQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: ordersKeys.productModifiers(productId),
    queryFn: ({ signal }) => getProductModifiers(productId, signal),
  });

export function useProductModifiers(productId: number | null) {
  return useQuery({ ...productModifiersQueryOptions(productId ?? 0), enabled: productId !== null });
}
