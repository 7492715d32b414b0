import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** PATCH /api/services/{id}/ with product_id, date, amount_remmited, sale_price, locked_price. */
export function updateService(id: number, body: ServiceUpdateBody): Promise<Service> {
  return api.patch<Service>(`/services/${id}/`, body);
}

export function useUpdateService(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ServiceUpdateBody }) => updateService(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
