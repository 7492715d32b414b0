import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostingResult, RemittancePosting } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { remittanceKeys } from './keys.ts';

/** POST /api/remmitance_payments/: one check applied to the services of one occurrence. */
export function postRemittance(body: RemittancePosting): Promise<PostingResult> {
  return api.post<PostingResult>('/remmitance_payments/', body);
}

export function usePostRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRemittance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remittanceKeys.all }),
  });
}
