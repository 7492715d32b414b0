import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Era, EraMatchBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { erasKeys } from './keys.ts';
import { refetchPostings } from './refetch.ts';

/** POST /api/eras/{id}/match/: a claim to an invoice, or a line to a service; posts it and answers the ERA. */
export function matchEra(id: number, body: EraMatchBody): Promise<Era> {
  return api.post<Era>(`/eras/${id}/match/`, body);
}

export function useMatchEra(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EraMatchBody) => matchEra(id, body),
    onSuccess: (era) => {
      queryClient.setQueryData(erasKeys.detail(id), era);
      return refetchPostings(queryClient);
    },
  });
}
