import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentUpdateBody, PatientDocument } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { refreshAfterDocumentChange } from './document-cache.ts';

/** PATCH /api/documents/{id}/: the changed fields (the type stays); 409 for a recorded proof of delivery. */
export function updateDocument(id: number, body: DocumentUpdateBody): Promise<PatientDocument> {
  return api.patch<PatientDocument>(`/documents/${id}/`, body);
}

export function useUpdateDocument(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DocumentUpdateBody }) => updateDocument(id, body),
    onSuccess: () => refreshAfterDocumentChange(queryClient, patientId),
  });
}
