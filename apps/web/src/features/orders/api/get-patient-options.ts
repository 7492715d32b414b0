import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientPickerRow } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** GET /api/patients_list/?search=: patients for the picker (best match first, at most 100). */
export function getPatientOptions(search: string, signal?: AbortSignal): Promise<PatientPickerRow[]> {
  return api.get<PatientPickerRow[]>('/patients_list/', { params: { search }, signal });
}

export const patientOptionsQueryOptions = (search: string) =>
  // No placeholder data: a picker must never offer an earlier search's rows as this search's answer.
  queryOptions({
    queryKey: ordersKeys.patientOptions(search),
    queryFn: ({ signal }) => getPatientOptions(search, signal),
  });

export function usePatientOptions(search: string, enabled: boolean) {
  return useQuery({ ...patientOptionsQueryOptions(search), enabled });
}
