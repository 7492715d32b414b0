import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  detail: (id: number) => [...usersKeys.all, 'detail', id] as const,
};

/** GET /api/users/: every user (the list searches on the client). */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>('/users/', { signal });
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.list(), queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
