import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePatientBody, Patient } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { patientsKeys } from './keys.ts';

/** POST /api/patients/: 201 `{data: patient}`, 422 field errors. */
export function createPatient(body: CreatePatientBody): Promise<{ data: Patient }> {
  return api.post<{ data: Patient }>('/patients/', body);
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(patientsKeys.detail(data.id), data);
      void queryClient.invalidateQueries({ queryKey: patientsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: patientsKeys.states() });
    },
  });
}
