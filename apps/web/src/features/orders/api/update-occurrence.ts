import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Occurrence, Order } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** PATCH /api/ocurrences/{id}/ with po_number: 200 with the occurrence. */
export function updateOccurrencePo(id: number, poNumber: string): Promise<Occurrence> {
  return api.patch<Occurrence>(`/ocurrences/${id}/`, { po_number: poNumber });
}

export function useUpdateOccurrencePo(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, poNumber }: { id: number; poNumber: string }) => updateOccurrencePo(id, poNumber),
    onSuccess: (occurrence) =>
      queryClient.setQueryData<Order>(ordersKeys.detail(orderId), (order) =>
        order
          ? { ...order, ocurrences: order.ocurrences.map((o) => (o.id === occurrence.id ? occurrence : o)) }
          : order,
      ),
  });
}
