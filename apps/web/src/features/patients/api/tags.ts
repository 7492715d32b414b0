import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientTag } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { patientsKeys } from './keys.ts';
import { updateCachedPatient } from './patient-cache.ts';

/** POST /api/patients/{id}/tags/ {tag_id} (201). */
export function addPatientTag(patientId: number, tagId: number): Promise<PatientTag> {
  return api.post<PatientTag>(`/patients/${patientId}/tags/`, { tag_id: tagId });
}

/** DELETE /api/patients/{id}/tags/{tagId}/ (204). */
export function removePatientTag(patientId: number, tagId: number): Promise<void> {
  return api.delete(`/patients/${patientId}/tags/${tagId}/`);
}

/**
 * Checks or unchecks one tag at once. The box follows the click right away and goes back when
 * the server refuses.
 */
export function useTogglePatientTag(patientId: number) {
  const queryClient = useQueryClient();
  const setChecked = (tagId: number, checked: boolean) =>
    updateCachedPatient(queryClient, patientId, (p) => ({
      ...p,
      tags: p.tags.map((t) => (t.id === tagId ? { ...t, checked } : t)),
    }));
  return useMutation({
    mutationFn: async ({ tagId, checked }: { tagId: number; checked: boolean }) => {
      if (checked) await addPatientTag(patientId, tagId);
      else await removePatientTag(patientId, tagId);
    },
    // A refetch of the patient still in flight (after another tab's change) would answer the state
    // from before this click and turn the box back: it is cancelled first.
    onMutate: async ({ tagId, checked }) => {
      await queryClient.cancelQueries({ queryKey: patientsKeys.detail(patientId) });
      setChecked(tagId, checked);
    },
    onError: (_error, { tagId, checked }) => setChecked(tagId, !checked),
  });
}
