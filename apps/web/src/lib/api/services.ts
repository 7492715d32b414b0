import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Service, ServiceUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

/**
 * A service (one delivery line of an occurrence), edited from Edit Order and from the call
 * detail. Each screen names the query its totals come from (`refresh`), refetched after a change.
 */

/** PATCH /api/services/{id}/ with any of product_id, date, amount_remmited, sale_price, locked_price; refused once shipped. */
export function updateService(id: number, body: ServiceUpdateBody): Promise<Service> {
  return api.patch<Service>(`/services/${id}/`, body);
}

export function useUpdateService(refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ServiceUpdateBody }) => updateService(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

/** DELETE /api/services/{id}/: 204; refused for a shipped service. */
export function deleteService(id: number): Promise<void> {
  return api.delete(`/services/${id}/`);
}

export function useDeleteService(refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}
