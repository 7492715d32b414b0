import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientAttachment } from '@dme/shared';
import { api, API_BASE, download } from '@/lib/api-client.ts';
import { updateCachedPatient } from './patient-cache.ts';

/** POST /api/attachments/ as multipart: `patient` (id) and `file` (201 with the attachment). */
export function uploadAttachment(patientId: number, file: File): Promise<PatientAttachment> {
  const form = new FormData();
  form.append('patient', String(patientId));
  form.append('file', file);
  return api.post<PatientAttachment>('/attachments/', form);
}

/** DELETE /api/attachments/{id}/ (204). */
export function deleteAttachment(id: number): Promise<void> {
  return api.delete(`/attachments/${id}/`);
}

/**
 * Saves the file through the authenticated API: a plain link would carry no token. The
 * attachment's url is the API path (/api/attachments/{id}/download/).
 */
export function downloadAttachment(attachment: PatientAttachment): Promise<void> {
  const path = attachment.url.startsWith(`${API_BASE}/`) ? attachment.url.slice(API_BASE.length) : attachment.url;
  return download(path, attachment.name);
}

export function useUploadAttachment(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAttachment(patientId, file),
    onSuccess: (saved) =>
      updateCachedPatient(queryClient, patientId, (p) => ({ ...p, attachments: [...p.attachments, saved] })),
  });
}

export function useDeleteAttachment(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    onSuccess: (_data, id) =>
      updateCachedPatient(queryClient, patientId, (p) => ({
        ...p,
        attachments: p.attachments.filter((a) => a.id !== id),
      })),
  });
}
