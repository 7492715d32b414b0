import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor, VendorCreateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { vendorsKeys } from './keys.ts';

/** POST /api/vendors/: 201 with the vendor; 422 for a missing field or a name already used. */
export function createVendor(body: VendorCreateBody): Promise<Vendor> {
  return api.post<Vendor>('/vendors/', body);
}

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorsKeys.list() }),
  });
}
