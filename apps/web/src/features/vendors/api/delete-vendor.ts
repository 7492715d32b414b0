import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { vendorsKeys } from './keys.ts';

/** What DELETE answered: 204 deleted it; 200 means a check names the vendor (spec section 8). */
export type DeleteVendorOutcome = 'deleted' | 'in_use';

/** DELETE /api/vendors/{id}/ */
export async function deleteVendor(id: number): Promise<DeleteVendorOutcome> {
  const body = await api.delete<unknown>(`/vendors/${id}/`);
  return body === undefined ? 'deleted' : 'in_use';
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVendor,
    onSuccess: (outcome, id) => {
      if (outcome !== 'deleted') return undefined;
      queryClient.setQueryData<Vendor[]>(vendorsKeys.list(), (list) => list?.filter((v) => v.id !== id));
      queryClient.removeQueries({ queryKey: vendorsKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: vendorsKeys.list() });
    },
  });
}
