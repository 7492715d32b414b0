import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { DiagnosisBody, DiagnosisRecord } from '../edit/diagnosis-form.ts';
import { updateCachedPatient } from './patient-cache.ts';

/** POST /api/patients/{id}/diagnostics/ with text and ICD-10 code (201). */
export function createDiagnosis(patientId: number, body: DiagnosisBody): Promise<DiagnosisRecord> {
  return api.post<DiagnosisRecord>(`/patients/${patientId}/diagnostics/`, body);
}

/** PATCH /api/patients/{id}/diagnostics/{did}/ (200). */
export function updateDiagnosis(patientId: number, id: number, body: DiagnosisBody): Promise<DiagnosisRecord> {
  return api.patch<DiagnosisRecord>(`/patients/${patientId}/diagnostics/${id}/`, body);
}

/** DELETE /api/patients/{id}/diagnostics/{did}/ (204). */
export function deleteDiagnosis(patientId: number, id: number): Promise<void> {
  return api.delete(`/patients/${patientId}/diagnostics/${id}/`);
}

export function useSaveDiagnosis(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DiagnosisBody }) =>
      id === undefined ? createDiagnosis(patientId, body) : updateDiagnosis(patientId, id, body),
    onSuccess: (saved) =>
      updateCachedPatient(queryClient, patientId, (p) => ({
        ...p,
        diagnosis: p.diagnosis.some((d) => d.id === saved.id)
          ? p.diagnosis.map((d) => (d.id === saved.id ? saved : d))
          : [...p.diagnosis, saved],
      })),
  });
}

export function useDeleteDiagnosis(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDiagnosis(patientId, id),
    onSuccess: (_data, id) =>
      updateCachedPatient(queryClient, patientId, (p) => ({ ...p, diagnosis: p.diagnosis.filter((d) => d.id !== id) })),
  });
}
