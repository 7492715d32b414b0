import { patientKeys } from '@/lib/api/patients.ts';

export type PatientListSource = 'patients' | 'rentals';

/** TanStack Query keys of the patients area. */
export const patientsKeys = {
  all: patientKeys.all,
  lists: () => [...patientsKeys.all, 'list'] as const,
  list: (source: PatientListSource) => [...patientsKeys.lists(), source] as const,
  detail: patientKeys.detail,
  /** A patient's documents (issue 34), under the patient so a patient-wide refresh includes them. */
  documents: (id: number) => [...patientKeys.detail(id), 'documents'] as const,
  states: () => ['lookups', 'usa_states_patients'] as const,
};
