import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderProductLine } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import type { LineBody } from '../line-body.ts';
import { ordersKeys } from './keys.ts';

/** PATCH /api/orders/{orderId}/products/{lineId}/: 200; the line's unshipped services are regenerated. */
export function updateProductLine(orderId: number, lineId: number, body: LineBody): Promise<OrderProductLine> {
  return api.patch<OrderProductLine>(`/orders/${orderId}/products/${lineId}/`, body);
}

export function useUpdateProductLine(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, body }: { lineId: number; body: LineBody }) => updateProductLine(orderId, lineId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
