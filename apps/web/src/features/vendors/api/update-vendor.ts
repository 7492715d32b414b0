import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { VendorBody, VendorRecord } from '../vendor-form.ts';
import { vendorsKeys } from './keys.ts';

/** PATCH /api/vendors/{id}/ with the form's fields (200 with the vendor). */
export function updateVendor(id: number, body: VendorBody): Promise<VendorRecord> {
  return api.patch<VendorRecord>(`/vendors/${id}/`, body);
}

export function useUpdateVendor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorBody) => updateVendor(id, body),
    onSuccess: (vendor) => {
      queryClient.setQueryData(vendorsKeys.detail(id), vendor);
      return queryClient.invalidateQueries({ queryKey: vendorsKeys.list() });
    },
  });
}
