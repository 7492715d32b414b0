import type { CallEligibilityRow, FacilityFilter, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';
import type { OccurrenceFilters } from './get-call-patients.ts';

export type CallEligibilityFilters = OccurrenceFilters & {
  facility: FacilityFilter;
  hidden_completed: boolean;
};

/** GET /api/call-patient-eligibility/: occurrences with insurances, alert inputs and both toggles. */
export function getCallEligibility(request: ListRequest & CallEligibilityFilters, signal?: AbortSignal) {
  return api.get<Page<CallEligibilityRow>>('/call-patient-eligibility/', { params: { ...request }, signal });
}
