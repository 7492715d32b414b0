import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { documentSchema, type PatientDocument } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { patientsKeys } from './keys.ts';

const documentsSchema = z.array(documentSchema);

/** GET /api/patients/{id}/documents/: the patient's documents, each with where it stands today (issue 34). */
export async function getPatientDocuments(patientId: number, signal?: AbortSignal): Promise<PatientDocument[]> {
  return documentsSchema.parse(await api.get<unknown>(`/patients/${patientId}/documents/`, { signal }));
}

// Fresh whenever the tab opens: a delivery recorded elsewhere adds a proof of delivery, and the
// states move with the days.
export const patientDocumentsQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientsKeys.documents(patientId),
    queryFn: ({ signal }) => getPatientDocuments(patientId, signal),
    staleTime: 0,
  });

export function usePatientDocuments(patientId: number) {
  return useQuery(patientDocumentsQueryOptions(patientId));
}
