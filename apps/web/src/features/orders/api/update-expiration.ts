import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Expiration, ExpirationBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** PATCH /api/expirations/{id}/ with the dialog's fields: 200 with the expiration. */
export function updateExpiration(id: number, body: ExpirationBody): Promise<Expiration> {
  return api.patch<Expiration>(`/expirations/${id}/`, body);
}

export function useUpdateExpiration(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ExpirationBody }) => updateExpiration(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
