import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShippingRecord, ShippingUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { shippingKeys } from './keys.ts';

/** PATCH /api/shipping-status/{id}/ {shipped, eligibility_toggle}: the Shipped switch. */
export function updateShipping(id: number, body: ShippingUpdateBody): Promise<ShippingRecord> {
  return api.patch<ShippingRecord>(`/shipping-status/${id}/`, body);
}

export function useUpdateShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ShippingUpdateBody }) => updateShipping(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shippingKeys.list() }),
  });
}
