export type PatientListSource = 'patients' | 'rentals';

/** TanStack Query keys of the patients area. */
export const patientsKeys = {
  all: ['patients'] as const,
  lists: () => [...patientsKeys.all, 'list'] as const,
  list: (source: PatientListSource) => [...patientsKeys.lists(), source] as const,
  detail: (id: number) => [...patientsKeys.all, 'detail', id] as const,
  states: () => ['lookups', 'usa_states_patients'] as const,
};
