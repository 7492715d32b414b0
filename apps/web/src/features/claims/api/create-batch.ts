import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimBatchCreateBody, ClaimBatchCreated } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { INVOICES_KEY } from '@/lib/api/invoices.ts';
import { claimsKeys } from './keys.ts';

/** POST /api/claim_batches/ (201 with the batch; 422 when a claim is not in status created). */
export function createBatch(body: ClaimBatchCreateBody): Promise<ClaimBatchCreated> {
  return api.post<ClaimBatchCreated>('/claim_batches/', body);
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBatch,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: claimsKeys.all }),
        queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
      ]),
  });
}
