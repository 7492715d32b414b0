import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { productsKeys } from './get-products.ts';

/** POST /api/products/ as multipart (see product-form.ts): 201 with the product. */
export function createProduct(form: FormData): Promise<Product> {
  return api.post<Product>('/products/', form);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productsKeys.detail(product.id), product);
      return queryClient.invalidateQueries({ queryKey: productsKeys.list() });
    },
  });
}
