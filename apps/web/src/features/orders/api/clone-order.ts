import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** GET /api/clone-order/{id}/: copies the order (header and product lines); answers the new id. */
export function cloneOrder(id: number): Promise<{ id: number }> {
  return api.get<{ id: number }>(`/clone-order/${id}/`);
}

export function useCloneOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.list() }),
  });
}
