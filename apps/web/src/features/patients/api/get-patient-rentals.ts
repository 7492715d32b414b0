import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { patientRentalSchema, type PatientRental } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { patientsKeys } from './keys.ts';

const rentalsSchema = z.array(patientRentalSchema);

/** GET /api/patients/{id}/rentals/: the patient's rented items, each at its current month (issue 33). */
export async function getPatientRentals(patientId: number, signal?: AbortSignal): Promise<PatientRental[]> {
  return rentalsSchema.parse(await api.get<unknown>(`/patients/${patientId}/rentals/`, { signal }));
}

// Fresh whenever the tab opens: the order screens change the rentals without telling this area.
export const patientRentalsQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: [...patientsKeys.detail(patientId), 'rentals'] as const,
    queryFn: ({ signal }) => getPatientRentals(patientId, signal),
    staleTime: 0,
  });

export function usePatientRentals(patientId: number) {
  return useQuery(patientRentalsQueryOptions(patientId));
}
