import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HoldFields, HoldReleaseBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

/** POST /api/ocurrences/{id}/hold_release/ (administrators): 201 with the occurrence's holds (none) and its release. */
export function releaseHold(occurrenceId: number, body: HoldReleaseBody): Promise<HoldFields> {
  return api.post<HoldFields>(`/ocurrences/${occurrenceId}/hold_release/`, body);
}

/**
 * A release changes what screens of several areas show (the call detail and its list, Shipping
 * Status, the Documents queue, the patient's Orders tab): every query is marked stale, and those
 * on screen read afresh at once.
 */
export function useReleaseHold(occurrenceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HoldReleaseBody) => releaseHold(occurrenceId, body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
