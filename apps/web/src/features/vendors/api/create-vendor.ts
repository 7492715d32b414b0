import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { VendorBody, VendorRecord } from '../vendor-form.ts';
import { vendorsKeys } from './keys.ts';

/** POST /api/vendors/: 201 with the vendor; 422 for a missing or malformed field or a name already used. */
export function createVendor(body: VendorBody): Promise<VendorRecord> {
  return api.post<VendorRecord>('/vendors/', body);
}

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorsKeys.list() }),
  });
}
