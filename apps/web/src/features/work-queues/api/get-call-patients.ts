import type { CallCustomerRow, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** The date and state filters every call and eligibility list has. */
export type OccurrenceFilters = {
  start_date: string | null;
  end_date: string | null;
  state: number | null;
};

/** GET /api/call-customers/: occurrences with the patient, phones, contacts and order. */
export function getCallPatients(request: ListRequest & OccurrenceFilters, signal?: AbortSignal) {
  return api.get<Page<CallCustomerRow>>('/call-customers/', { params: { ...request }, signal });
}
