import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** DELETE /api/orders/{id}/: 204, or 400 with {error} when an occurrence is shipped. */
export function deleteOrder(id: number): Promise<void> {
  return api.delete(`/orders/${id}/`);
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ordersKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: ordersKeys.list() });
    },
  });
}
