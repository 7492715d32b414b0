import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

/** GET /api/categories/?parent_id=: the children of a category, or the groups when parentId is null. */
export function getCategories(parentId: number | null, signal?: AbortSignal): Promise<Category[]> {
  return api.get<Category[]>('/categories/', { params: { parent_id: parentId }, signal });
}

export const categoriesQueryOptions = (parentId: number | null) =>
  queryOptions({
    queryKey: ['lookups', 'categories', parentId],
    queryFn: ({ signal }) => getCategories(parentId, signal),
    staleTime: Infinity,
  });

/** The options of one category level; nothing is asked until the level above is chosen. */
export function useCategories(parentId: number | null, enabled: boolean) {
  return useQuery({ ...categoriesQueryOptions(parentId), enabled });
}
