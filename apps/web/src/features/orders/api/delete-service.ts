import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** DELETE /api/services/{id}/: 204; refused for a shipped service. */
export function deleteService(id: number): Promise<void> {
  return api.delete(`/services/${id}/`);
}

export function useDeleteService(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
