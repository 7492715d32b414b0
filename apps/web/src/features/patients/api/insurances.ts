import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { InsuranceBody, InsuranceRecord } from '../edit/insurance-form.ts';
import { updateCachedPatient } from './patient-cache.ts';

/** POST /api/patients/{id}/insurances/ (201 with the insurance and its payer). */
export function createInsurance(patientId: number, body: InsuranceBody): Promise<InsuranceRecord> {
  return api.post<InsuranceRecord>(`/patients/${patientId}/insurances/`, body);
}

/** PATCH /api/patients/{id}/insurances/{iid}/ (200 with the insurance and its payer). */
export function updateInsurance(patientId: number, id: number, body: InsuranceBody): Promise<InsuranceRecord> {
  return api.patch<InsuranceRecord>(`/patients/${patientId}/insurances/${id}/`, body);
}

/** DELETE /api/patients/{id}/insurances/{iid}/ (204). */
export function deleteInsurance(patientId: number, id: number): Promise<void> {
  return api.delete(`/patients/${patientId}/insurances/${id}/`);
}

/** Saves an insurance: a new one without `id`, an existing one with it. */
export function useSaveInsurance(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: InsuranceBody }) =>
      id === undefined ? createInsurance(patientId, body) : updateInsurance(patientId, id, body),
    onSuccess: (saved) =>
      updateCachedPatient(queryClient, patientId, (p) => ({
        ...p,
        insurances: p.insurances.some((i) => i.id === saved.id)
          ? p.insurances.map((i) => (i.id === saved.id ? saved : i))
          : [...p.insurances, saved],
      })),
  });
}

export function useDeleteInsurance(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteInsurance(patientId, id),
    onSuccess: (_data, id) =>
      updateCachedPatient(queryClient, patientId, (p) => ({
        ...p,
        insurances: p.insurances.filter((i) => i.id !== id),
      })),
  });
}
