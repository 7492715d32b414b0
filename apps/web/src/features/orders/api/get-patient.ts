import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientPickerRow } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/**
 * GET /api/patients/{id}/, read only for its name: the patient an order is started from is
 * shown (locked) in the patient select.
 */
export async function getPatientName(id: number, signal?: AbortSignal): Promise<PatientPickerRow> {
  const patient = await api.get<PatientPickerRow>(`/patients/${id}/`, { signal });
  return { id: patient.id, first_name: patient.first_name, last_name: patient.last_name, birthdate: patient.birthdate };
}

export const patientNameQueryOptions = (id: number) =>
  queryOptions({ queryKey: ordersKeys.patient(id), queryFn: ({ signal }) => getPatientName(id, signal) });

export function usePatientName(id: number | null) {
  return useQuery({ ...patientNameQueryOptions(id ?? 0), enabled: id !== null });
}
