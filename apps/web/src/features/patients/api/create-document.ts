import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentCreateBody, PatientDocument } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { refreshAfterDocumentChange } from './document-cache.ts';

/** POST /api/patients/{id}/documents/: 201 with the document (422 {field: [message]} when it is not whole). */
export function createDocument(patientId: number, body: DocumentCreateBody): Promise<PatientDocument> {
  return api.post<PatientDocument>(`/patients/${patientId}/documents/`, body);
}

export function useCreateDocument(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentCreateBody) => createDocument(patientId, body),
    onSuccess: () => refreshAfterDocumentChange(queryClient, patientId),
  });
}
