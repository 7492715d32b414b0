import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Expiration, ExpirationBody, ExpirationUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

/**
 * An order's expirations, kept from Edit Order's Expirations tab and from the expirations queue.
 * Each screen names the query that shows them (`refresh`), refetched after a change.
 */

/** Any of the fields (the schema's output names every key, even when unset). */
export type ExpirationPatch = Partial<ExpirationUpdateBody>;

/** POST /api/orders/{id}/expirations/: 201 with the expiration. */
export function createExpiration(orderId: number, body: ExpirationBody): Promise<Expiration> {
  return api.post<Expiration>(`/orders/${orderId}/expirations/`, body);
}

export function useCreateExpiration(orderId: number, refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpirationBody) => createExpiration(orderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

/** PATCH /api/expirations/{id}/ with any of date, yellow, yellow_date, waiver, note, solved, color. */
export function updateExpiration(id: number, body: ExpirationPatch): Promise<Expiration> {
  return api.patch<Expiration>(`/expirations/${id}/`, body);
}

export function useUpdateExpiration(refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ExpirationPatch }) => updateExpiration(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

/** DELETE /api/expirations/{id}/: 204. */
export function deleteExpiration(id: number): Promise<void> {
  return api.delete(`/expirations/${id}/`);
}

export function useDeleteExpiration(refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpiration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}
