import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimCreateResult } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { refetchPostings } from './refetch.ts';

type Replacement = ClaimCreateResult['created'][number];

/** POST /api/denials/{id}/resubmit/: a replacement claim for the denied claim's invoice (its id and number). */
export function resubmitDenial(id: number): Promise<Replacement> {
  return api.post<Replacement>(`/denials/${id}/resubmit/`, {});
}

export function useResubmitDenial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resubmitDenial, onSuccess: () => refetchPostings(queryClient) });
}
