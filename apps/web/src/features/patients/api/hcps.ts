import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientHcps, PatientTextBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { updateCachedPatient } from './patient-cache.ts';

/** POST /api/patients/{id}/hcps/ (201 with the entry and its modifiers). */
export function createHcps(patientId: number, body: PatientTextBody): Promise<PatientHcps> {
  return api.post<PatientHcps>(`/patients/${patientId}/hcps/`, body);
}

/** PATCH /api/patients/{id}/hcps/{hid}/ (200). */
export function updateHcps(patientId: number, id: number, body: PatientTextBody): Promise<PatientHcps> {
  return api.patch<PatientHcps>(`/patients/${patientId}/hcps/${id}/`, body);
}

/** DELETE /api/patients/{id}/hcps/{hid}/ (204; its modifiers go with it). */
export function deleteHcps(patientId: number, id: number): Promise<void> {
  return api.delete(`/patients/${patientId}/hcps/${id}/`);
}

export function useSaveHcps(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PatientTextBody }) =>
      id === undefined ? createHcps(patientId, body) : updateHcps(patientId, id, body),
    onSuccess: (saved) =>
      updateCachedPatient(queryClient, patientId, (p) => ({
        ...p,
        health: p.health.some((h) => h.id === saved.id)
          ? p.health.map((h) => (h.id === saved.id ? saved : h))
          : [...p.health, saved],
      })),
  });
}

export function useDeleteHcps(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteHcps(patientId, id),
    onSuccess: (_data, id) =>
      updateCachedPatient(queryClient, patientId, (p) => ({ ...p, health: p.health.filter((h) => h.id !== id) })),
  });
}
