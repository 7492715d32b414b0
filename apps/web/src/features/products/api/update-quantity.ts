import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, UnitMeasure } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { productsKeys } from './get-products.ts';

/** The quantity on hand (answers 200), or one unit measure's quantity and flag (answers 201). */
export type UpdateQuantityRequest =
  | { product_id: number; quantity: number }
  | { product_id: number; unit_measure: UnitMeasure; quantity: number; active: boolean };

/** POST /api/products/update_qty_of_hand/ */
export function updateQuantity(body: UpdateQuantityRequest): Promise<Product> {
  return api.post<Product>('/products/update_qty_of_hand/', body);
}

export function useUpdateQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuantity,
    onSuccess: (product) => {
      queryClient.setQueryData(productsKeys.detail(product.id), product);
      return queryClient.invalidateQueries({ queryKey: productsKeys.list() });
    },
  });
}
