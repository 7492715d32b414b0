import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** DELETE /api/orders/{orderId}/products/{lineId}/: 204, or {error} when it is refused. */
export function deleteProductLine(orderId: number, lineId: number): Promise<void> {
  return api.delete(`/orders/${orderId}/products/${lineId}/`);
}

export function useDeleteProductLine(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: number) => deleteProductLine(orderId, lineId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
