import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { productsKeys } from './get-products.ts';

/** PATCH /api/products/{id}/ as multipart: 200 with the product. */
export function updateProduct(id: number, form: FormData): Promise<Product> {
  return api.patch<Product>(`/products/${id}/`, form);
}

export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => updateProduct(id, form),
    onSuccess: async (product) => {
      queryClient.setQueryData(productsKeys.detail(id), product);
      // The photo keeps its address when replaced, so its cached blob is stale.
      await queryClient.invalidateQueries({ queryKey: productsKeys.photo(id) });
      await queryClient.invalidateQueries({ queryKey: productsKeys.list() });
    },
  });
}
