import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallNote } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { workQueuesKeys } from './keys.ts';

/** GET /api/users/service_notes/{occurrenceId}/: the occurrence's call notes, newest first. */
export function getCallNotes(occurrenceId: number, signal?: AbortSignal): Promise<CallNote[]> {
  return api.get<CallNote[]>(`/users/service_notes/${occurrenceId}/`, { signal });
}

export const callNotesQueryOptions = (occurrenceId: number) =>
  queryOptions({
    queryKey: workQueuesKeys.callNotes(occurrenceId),
    queryFn: ({ signal }) => getCallNotes(occurrenceId, signal),
    staleTime: 0,
  });

export function useCallNotes(occurrenceId: number) {
  return useQuery(callNotesQueryOptions(occurrenceId));
}
