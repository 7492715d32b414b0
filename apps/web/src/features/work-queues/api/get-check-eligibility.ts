import type { CheckEligibilityRow, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';
import type { OccurrenceFilters } from './get-call-patients.ts';

/** GET /api/check-eligibility/: occurrences with the patient's birthdate, state and insurances. */
export function getCheckEligibility(request: ListRequest & OccurrenceFilters, signal?: AbortSignal) {
  // The screen searches its loaded page itself (spec 2.3): the server gets no search text.
  return api.get<Page<CheckEligibilityRow>>('/check-eligibility/', { params: { ...request, search: '' }, signal });
}
