import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Remittance } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { remittanceKeys } from './keys.ts';

/** GET /api/remmitance/{id}: one invoiced occurrence with its services and totals. */
export function getRemittance(occurrenceId: number, signal?: AbortSignal): Promise<Remittance> {
  return api.get<Remittance>(`/remmitance/${occurrenceId}`, { signal });
}

export const remittanceQueryOptions = (occurrenceId: number) =>
  queryOptions({
    queryKey: remittanceKeys.detail(occurrenceId),
    queryFn: ({ signal }) => getRemittance(occurrenceId, signal),
  });

export function useRemittance(occurrenceId: number | null) {
  return useQuery({ ...remittanceQueryOptions(occurrenceId ?? 0), enabled: occurrenceId !== null });
}
