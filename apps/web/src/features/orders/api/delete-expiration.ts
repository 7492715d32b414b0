import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** DELETE /api/expirations/{id}/: 204. */
export function deleteExpiration(id: number): Promise<void> {
  return api.delete(`/expirations/${id}/`);
}

export function useDeleteExpiration(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpiration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
