import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { ORDERS_AREA_KEY, patientOrdersKeys } from './keys.ts';

/** DELETE /api/orders/{id}/: 204, or 400 with {error} when an occurrence is shipped. */
export function deleteOrder(orderId: number): Promise<void> {
  return api.delete(`/orders/${orderId}/`);
}

export function useDeletePatientOrder(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ORDERS_AREA_KEY });
      await queryClient.invalidateQueries({ queryKey: patientOrdersKeys.orders(patientId) });
    },
  });
}
