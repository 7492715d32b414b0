import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallNote } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { workQueuesKeys } from './keys.ts';

/** POST /api/users/service_notes/{occurrenceId}/ {body, ocurrence}: 201 with the note (author: the signed-in user). */
export function addCallNote(occurrenceId: number, body: string): Promise<CallNote> {
  return api.post<CallNote>(`/users/service_notes/${occurrenceId}/`, { body, ocurrence: occurrenceId });
}

export function useAddCallNote(occurrenceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addCallNote(occurrenceId, body),
    onSuccess: (note) =>
      queryClient.setQueryData<CallNote[]>(workQueuesKeys.callNotes(occurrenceId), (notes) => [note, ...(notes ?? [])]),
  });
}
