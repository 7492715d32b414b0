import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { refreshAfterDocumentChange } from './document-cache.ts';

/** DELETE /api/documents/{id}/ (204); 409 for a recorded proof of delivery. */
export function deleteDocument(id: number): Promise<void> {
  return api.delete(`/documents/${id}/`);
}

export function useDeleteDocument(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => refreshAfterDocumentChange(queryClient, patientId),
  });
}
