import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderCreateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** POST /api/orders/: 201 with the new order. */
export function createOrder(body: OrderCreateBody): Promise<Order> {
  return api.post<Order>('/orders/', body);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(ordersKeys.detail(order.id), order);
      return queryClient.invalidateQueries({ queryKey: ordersKeys.list() });
    },
  });
}
