import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ORDERS_AREA_KEY, patientOrdersKeys } from './keys.ts';

/** GET /api/clone-order/{id}/: copies the order (header and product lines); answers the new id. */
export function cloneOrder(orderId: number): Promise<{ id: number }> {
  return api.get<{ id: number }>(`/clone-order/${orderId}/`);
}

export function useCloneOrder(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneOrder,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ORDERS_AREA_KEY });
      await queryClient.invalidateQueries({ queryKey: patientOrdersKeys.orders(patientId) });
    },
  });
}
