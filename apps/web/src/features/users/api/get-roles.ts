import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

/** GET /api/roles/ (seeded lookups). */
export function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return api.get<Role[]>('/roles/', { signal });
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: ['lookups', 'roles'], queryFn: ({ signal }) => getRoles(signal), staleTime: Infinity });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
