import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsaState } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { patientsKeys } from './keys.ts';

/** GET /api/usa_states_patients/: the states at least one patient lives in (the lists' filter). */
export function getPatientStates(signal?: AbortSignal): Promise<UsaState[]> {
  return api.get<UsaState[]>('/usa_states_patients/', { signal });
}

export const patientStatesQueryOptions = () =>
  queryOptions({
    queryKey: patientsKeys.states(),
    queryFn: ({ signal }) => getPatientStates(signal),
    staleTime: 60_000,
  });

export function usePatientStates() {
  return useQuery(patientStatesQueryOptions());
}
