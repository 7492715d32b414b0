import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimCreateResult } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { INVOICES_KEY } from '@/lib/api/invoices.ts';
import { claimsKeys } from './keys.ts';

type Created = ClaimCreateResult['created'][number];

/** POST /api/claims/{id}/replace/ (201 with the replacement; 422 naming why not). */
export function replaceClaim(id: number): Promise<Created> {
  return api.post<Created>(`/claims/${id}/replace/`, {});
}

export function useReplaceClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceClaim,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: claimsKeys.all }),
        queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
      ]),
  });
}
