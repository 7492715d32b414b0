import type { QueryClient } from '@tanstack/react-query';
import type { Patient } from '@dme/shared';
import { patientsKeys } from './keys.ts';

/** Applies a child change (insurance, diagnosis, tag ...) to the cached patient without a refetch. */
export function updateCachedPatient(queryClient: QueryClient, id: number, change: (patient: Patient) => Patient): void {
  queryClient.setQueryData<Patient>(patientsKeys.detail(id), (patient) => (patient ? change(patient) : patient));
}
