import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderProductLine } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import type { LineBody } from '../line-body.ts';
import { ordersKeys } from './keys.ts';

/** POST /api/orders/{id}/products/: 201 with the line; the server generates its services. */
export function addProductLine(orderId: number, body: LineBody): Promise<OrderProductLine> {
  return api.post<OrderProductLine>(`/orders/${orderId}/products/`, body);
}

export function useAddProductLine(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LineBody) => addProductLine(orderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
