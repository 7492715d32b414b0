import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Which of the call detail's three notes: the patient's general notes, or the order's office or patient notes. */
export type NotesField = 'notes' | 'office_notes' | 'patient_notes';

export interface NotesTarget {
  field: NotesField;
  /** The patient's id for general notes, the order's id otherwise. */
  id: number;
}

/**
 * PATCH /api/patients/{id}/ {notes} (General Notes) or PATCH /api/orders/{id}/ {office_notes |
 * patient_notes}. Only the one field is sent.
 */
export function updateNotes({ field, id }: NotesTarget, text: string): Promise<unknown> {
  return field === 'notes'
    ? api.patch(`/patients/${id}/`, { notes: text })
    : api.patch(`/orders/${id}/`, { [field]: text });
}

export function useUpdateNotes() {
  return useMutation({
    mutationFn: ({ target, text }: { target: NotesTarget; text: string }) => updateNotes(target, text),
  });
}
