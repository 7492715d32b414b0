import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallOccurrence } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { workQueuesKeys, type CallDetailSource } from './keys.ts';

const DETAIL_PATH: Record<CallDetailSource, (id: number) => string> = {
  'call-customers': (id) => `/call-customers/${id}`,
  'call-eligibility': (id) => `/call-patient-eligibility/${id}/`,
};

/**
 * GET /api/call-customers/{id} or /api/call-patient-eligibility/{id}/: the occurrence with its
 * services, the order's notes and expirations, and the patient's general notes.
 */
export function getCallOccurrence(source: CallDetailSource, id: number, signal?: AbortSignal) {
  return api.get<CallOccurrence>(DETAIL_PATH[source](id), { signal });
}

export const callOccurrenceQueryOptions = (source: CallDetailSource, id: number) =>
  queryOptions({
    queryKey: workQueuesKeys.detail(source, id),
    queryFn: ({ signal }) => getCallOccurrence(source, id, signal),
    // The order and patient screens change these notes and services without telling this area.
    staleTime: 0,
  });

export function useCallOccurrence(source: CallDetailSource, id: number) {
  return useQuery(callOccurrenceQueryOptions(source, id));
}
