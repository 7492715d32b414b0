import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderProductLine, ProductLineUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** PATCH /api/orders/{orderId}/products/{lineId}/: 200; the line's unshipped services are regenerated. */
export function updateProductLine(
  orderId: number,
  lineId: number,
  body: ProductLineUpdateBody,
): Promise<OrderProductLine> {
  return api.patch<OrderProductLine>(`/orders/${orderId}/products/${lineId}/`, body);
}

export function useUpdateProductLine(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, body }: { lineId: number; body: ProductLineUpdateBody }) =>
      updateProductLine(orderId, lineId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
