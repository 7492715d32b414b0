import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallNote, CallNoteBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { patientOrdersKeys } from './keys.ts';

/** POST /api/users/service_notes/{occurrenceId}/ {body}: 201 with the note (the author is the signed-in user). */
export function addCallNote(occurrenceId: number, body: CallNoteBody): Promise<CallNote> {
  return api.post<CallNote>(`/users/service_notes/${occurrenceId}/`, body);
}

export function useAddCallNote(occurrenceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallNoteBody) => addCallNote(occurrenceId, body),
    onSuccess: (note) =>
      queryClient.setQueryData<CallNote[]>(patientOrdersKeys.callNotes(occurrenceId), (notes) => [
        note,
        ...(notes ?? []),
      ]),
  });
}
