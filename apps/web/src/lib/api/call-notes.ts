import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallNote, CallNoteBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

/** The call notes of an occurrence, read by the patient's Orders tab and by the call queues alike. */
export const callNotesKeys = {
  all: ['call-notes'] as const,
  list: (occurrenceId: number) => [...callNotesKeys.all, occurrenceId] as const,
};

/** GET /api/users/service_notes/{occurrenceId}/: the occurrence's call notes, newest first. */
export function getCallNotes(occurrenceId: number, signal?: AbortSignal): Promise<CallNote[]> {
  return api.get<CallNote[]>(`/users/service_notes/${occurrenceId}/`, { signal });
}

export const callNotesQueryOptions = (occurrenceId: number) =>
  queryOptions({
    queryKey: callNotesKeys.list(occurrenceId),
    queryFn: ({ signal }) => getCallNotes(occurrenceId, signal),
    staleTime: 0,
  });

export function useCallNotes(occurrenceId: number) {
  return useQuery(callNotesQueryOptions(occurrenceId));
}

/**
 * POST /api/users/service_notes/{occurrenceId}/ {body}: 201 with the note (the author is the
 * signed-in user). The occurrence is the path's; the route's schema reads only `body`.
 */
export function addCallNote(occurrenceId: number, body: CallNoteBody): Promise<CallNote> {
  return api.post<CallNote>(`/users/service_notes/${occurrenceId}/`, body);
}

/** Puts the new note first in the occurrence's cached list. */
export function useAddCallNote(occurrenceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallNoteBody) => addCallNote(occurrenceId, body),
    onSuccess: (note) =>
      queryClient.setQueryData<CallNote[]>(callNotesKeys.list(occurrenceId), (notes) => [note, ...(notes ?? [])]),
  });
}
