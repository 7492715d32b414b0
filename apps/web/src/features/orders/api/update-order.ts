import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** Any of the header or notes fields (the schema's output names every key, even when unset). */
export type OrderPatch = Partial<OrderUpdateBody>;

/** PATCH /api/orders/{id}/ with any header or notes field: 200 with the whole order. */
export function updateOrder(id: number, body: OrderPatch): Promise<Order> {
  return api.patch<Order>(`/orders/${id}/`, body);
}

export function useUpdateOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderPatch) => updateOrder(id, body),
    onSuccess: (order) => {
      queryClient.setQueryData(ordersKeys.detail(id), order);
      return queryClient.invalidateQueries({ queryKey: ordersKeys.list() });
    },
  });
}
