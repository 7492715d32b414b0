import { z } from 'zod';
import { patientActivitySchema, type Page, type PatientActivity } from '@dme/shared';
import { useServerList, type ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';
import { patientsKeys } from './keys.ts';

const activityPageSchema = z.object({
  results: z.array(patientActivitySchema),
  count: z.number(),
  page_size: z.number(),
  current: z.number(),
});

/** GET /api/patients/{id}/audit/?page=&page_size= (administrators): who did what to the patient, newest first. */
export async function getPatientActivity(
  patientId: number,
  request: Pick<ListRequest, 'page' | 'page_size'>,
  signal?: AbortSignal,
): Promise<Page<PatientActivity>> {
  const answer = await api.get<unknown>(`/patients/${patientId}/audit/`, {
    params: { page: request.page, page_size: request.page_size },
    signal,
  });
  return activityPageSchema.parse(answer);
}

/** Under the patient's detail key, so whatever refreshes the patient refreshes its activity too. */
export const patientActivityKey = (patientId: number) => [...patientsKeys.detail(patientId), 'activity'] as const;

export function usePatientActivity(patientId: number) {
  return useServerList<PatientActivity>({
    queryKey: patientActivityKey(patientId),
    fetcher: (request, signal) => getPatientActivity(patientId, request, signal),
  });
}
