import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor, VendorUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { vendorsKeys } from './keys.ts';

/** PATCH /api/vendors/{id}/ with name and phone (200 with the vendor). */
export function updateVendor(id: number, body: VendorUpdateBody): Promise<Vendor> {
  return api.patch<Vendor>(`/vendors/${id}/`, body);
}

export function useUpdateVendor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorUpdateBody) => updateVendor(id, body),
    onSuccess: (vendor) => {
      queryClient.setQueryData(vendorsKeys.detail(id), vendor);
      return queryClient.invalidateQueries({ queryKey: vendorsKeys.list() });
    },
  });
}
