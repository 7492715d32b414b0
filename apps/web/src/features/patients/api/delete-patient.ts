import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { patientsKeys } from './keys.ts';

/** DELETE /api/patients/{id}/: 204, or a refusal while the patient has orders. */
export function deletePatient(id: number): Promise<void> {
  return api.delete(`/patients/${id}/`);
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: patientsKeys.detail(id) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: patientsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: patientsKeys.states() });
    },
  });
}
