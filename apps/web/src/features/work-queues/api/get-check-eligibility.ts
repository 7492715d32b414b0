import { MAX_PAGE_SIZE, type CheckEligibilityRow, type Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';
import type { OccurrenceFilters } from './get-call-patients.ts';

/** GET /api/check-eligibility/: occurrences with the patient's birthdate, state and insurances. */
export function getCheckEligibility(request: ListRequest & OccurrenceFilters, signal?: AbortSignal) {
  // The screen searches on the client (spec 2.3): the server gets no search text.
  return api.get<Page<CheckEligibilityRow>>('/check-eligibility/', { params: { ...request, search: '' }, signal });
}

/**
 * Every row of the filters, page after page (the spec's client-side search looks at all of them,
 * not only the page on screen); kept as one page so the in-place row updates reach it too.
 */
export async function getEveryCheckEligibility(
  request: ListRequest & OccurrenceFilters,
  signal?: AbortSignal,
): Promise<Page<CheckEligibilityRow>> {
  const results: CheckEligibilityRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getCheckEligibility({ ...request, page, page_size: MAX_PAGE_SIZE }, signal);
    results.push(...answer.results);
    if (answer.results.length < MAX_PAGE_SIZE || results.length >= answer.count) {
      return { results, count: results.length, page_size: results.length, current: 1 };
    }
  }
}
