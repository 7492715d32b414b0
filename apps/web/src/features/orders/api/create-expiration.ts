import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Expiration, ExpirationBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** POST /api/orders/{id}/expirations/: 201 with the expiration. */
export function createExpiration(orderId: number, body: ExpirationBody): Promise<Expiration> {
  return api.post<Expiration>(`/orders/${orderId}/expirations/`, body);
}

export function useCreateExpiration(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpirationBody) => createExpiration(orderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
