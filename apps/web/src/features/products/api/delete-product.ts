import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { productsKeys } from './get-products.ts';

/** What DELETE /api/products/{id}/ answered: 204 deleted, 200 kept because an order uses it. */
export type DeleteProductOutcome = 'deleted' | 'in_use';

export async function deleteProduct(id: number): Promise<DeleteProductOutcome> {
  const body = await api.delete<unknown>(`/products/${id}/`);
  // The client answers undefined for 204 (no body); 200 carries a detail.
  return body === undefined ? 'deleted' : 'in_use';
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (outcome, id) => {
      if (outcome === 'deleted') queryClient.removeQueries({ queryKey: productsKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: productsKeys.list() });
    },
  });
}
