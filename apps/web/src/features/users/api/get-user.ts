import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { usersKeys } from './get-users.ts';

/** GET /api/users/{id}/ */
export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return api.get<User>(`/users/${id}/`, { signal });
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: usersKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}
