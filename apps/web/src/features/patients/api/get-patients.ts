import type { Page, PatientListRow, PatientStatus } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';
import type { PatientListSource } from './keys.ts';

/** The patient lists' own filters: a state id (null for any) and a status. */
export type PatientListFilters = {
  state: number | null;
  status: PatientStatus;
};

const LIST_PATH: Record<PatientListSource, string> = {
  patients: '/patients/',
  rentals: '/patients_rentals/',
};

/** GET /api/patients/ or /api/patients_rentals/ with search, ordering, paging, state and status. */
export function getPatients(
  source: PatientListSource,
  request: ListRequest & PatientListFilters,
  signal?: AbortSignal,
): Promise<Page<PatientListRow>> {
  return api.get<Page<PatientListRow>>(LIST_PATH[source], { params: { ...request }, signal });
}
