import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { workQueuesKeys } from './keys.ts';

/** PATCH /api/services/{id}/ {amount_remmited}: 200 with the service; refused once it is shipped. */
export function updateServiceQuantity(id: number, amount_remmited: number): Promise<Service> {
  return api.patch<Service>(`/services/${id}/`, { amount_remmited });
}

/** Refreshes the open call detail (its totals change with the quantity). */
export function useUpdateServiceQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) => updateServiceQuantity(id, quantity),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workQueuesKeys.details() }),
  });
}
