import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatchPatientBody, Patient } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { patientsKeys } from './keys.ts';

/** PATCH /api/patients/{id}/: 200 with the patient, 422 field errors. */
export function updatePatient(id: number, body: PatchPatientBody): Promise<Patient> {
  return api.patch<Patient>(`/patients/${id}/`, body);
}

export function useUpdatePatient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchPatientBody) => updatePatient(id, body),
    onSuccess: (patient) => {
      queryClient.setQueryData(patientsKeys.detail(id), patient);
      void queryClient.invalidateQueries({ queryKey: patientsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: patientsKeys.states() });
    },
  });
}
