import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimCreateBody, ClaimCreateResult } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { INVOICES_KEY } from '@/lib/api/invoices.ts';
import { claimsKeys } from './keys.ts';

/** POST /api/claims/ (201 with the claims made and the invoices refused, with their problems). */
export function createClaims(body: ClaimCreateBody): Promise<ClaimCreateResult> {
  return api.post<ClaimCreateResult>('/claims/', body);
}

export function useCreateClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClaims,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: claimsKeys.all }),
        queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
      ]),
  });
}
