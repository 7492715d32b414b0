import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Patient } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { patientsKeys } from './keys.ts';

/** GET /api/patients/{id}/: the patient with every child list of the edit screen. */
export function getPatient(id: number, signal?: AbortSignal): Promise<Patient> {
  return api.get<Patient>(`/patients/${id}/`, { signal });
}

export const patientQueryOptions = (id: number) =>
  queryOptions({ queryKey: patientsKeys.detail(id), queryFn: ({ signal }) => getPatient(id, signal) });

export function usePatient(id: number) {
  return useQuery(patientQueryOptions(id));
}
