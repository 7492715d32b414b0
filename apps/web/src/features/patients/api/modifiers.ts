import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Patient, PatientModifier, PatientModifierBody, PatientTextBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { updateCachedPatient } from './patient-cache.ts';

/** POST /api/patients/{id}/modifier/ with the text and its HCPCS entry (201). */
export function createModifier(patientId: number, body: PatientModifierBody): Promise<PatientModifier> {
  return api.post<PatientModifier>(`/patients/${patientId}/modifier/`, body);
}

/** PATCH /api/patients/{id}/modifier/{mid}/ (200). */
export function updateModifier(patientId: number, id: number, body: PatientTextBody): Promise<PatientModifier> {
  return api.patch<PatientModifier>(`/patients/${patientId}/modifier/${id}/`, body);
}

/** DELETE /api/patients/{id}/modifier/{mid}/ (204). */
export function deleteModifier(patientId: number, id: number): Promise<void> {
  return api.delete(`/patients/${patientId}/modifier/${id}/`);
}

function withModifier(patient: Patient, saved: PatientModifier): Patient {
  return {
    ...patient,
    health: patient.health.map((h) => {
      if (h.id !== saved.hcps_id) return h;
      const known = h.modifier.some((m) => m.id === saved.id);
      return {
        ...h,
        modifier: known ? h.modifier.map((m) => (m.id === saved.id ? saved : m)) : [...h.modifier, saved],
      };
    }),
  };
}

/** Saves a modifier: a new one under `hcpsId`, or an existing one (`id`) with a new text. */
export function useSaveModifier(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hcpsId, body }: { id?: number; hcpsId: number; body: PatientTextBody }) =>
      id === undefined ? createModifier(patientId, { ...body, hcps_id: hcpsId }) : updateModifier(patientId, id, body),
    onSuccess: (saved) => updateCachedPatient(queryClient, patientId, (p) => withModifier(p, saved)),
  });
}

export function useDeleteModifier(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteModifier(patientId, id),
    onSuccess: (_data, id) =>
      updateCachedPatient(queryClient, patientId, (p) => ({
        ...p,
        health: p.health.map((h) => ({ ...h, modifier: h.modifier.filter((m) => m.id !== id) })),
      })),
  });
}
