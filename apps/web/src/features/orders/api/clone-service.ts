import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceCloneBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** The clone body plus the price fields the spec sends (the server recomputes them). */
export type CloneServiceRequest = ServiceCloneBody & { adjusted_sale_price: number; tax_amount: number };

/** POST /api/clone_service/: 201 with the new service on the chosen date. */
export function cloneService(body: CloneServiceRequest): Promise<Service> {
  return api.post<Service>('/clone_service/', body);
}

export function useCloneService(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(orderId) }),
  });
}
