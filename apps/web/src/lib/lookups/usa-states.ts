import { queryOptions } from '@tanstack/react-query';
import type { UsaState } from '@dme/shared';
import { api } from '../api-client.ts';

export function getUsaStates(signal?: AbortSignal): Promise<UsaState[]> {
  return api.get<UsaState[]>('/usa_states/', { signal });
}

export const usaStatesQueryOptions = () =>
  queryOptions({
    queryKey: ['lookups', 'usa_states'],
    queryFn: ({ signal }) => getUsaStates(signal),
    // Seeded by migration: the list does not change while the app is open.
    staleTime: Infinity,
  });
