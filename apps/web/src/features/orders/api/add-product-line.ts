import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderProductLine, ProductLineBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** POST /api/orders/{id}/products/: 201 with the line; the server generates its services. */
export function addProductLine(orderId: number, body: ProductLineBody): Promise<OrderProductLine> {
  return api.post<OrderProductLine>(`/orders/${orderId}/products/`, body);
}

export function useAddProductLine(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductLineBody) => addProductLine(orderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
