import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '@dme/shared';

/**
 * Puts a saved row's new values into every cached page of a list at once (the row changes in
 * place), then refetches the list so filters such as Hide Completed apply.
 */
export async function updateRowInPlace<T extends { id: number }>(
  queryClient: QueryClient,
  listKey: QueryKey,
  id: number,
  patch: Partial<T>,
): Promise<void> {
  queryClient.setQueriesData<Page<T>>({ queryKey: listKey }, (page) =>
    page ? { ...page, results: page.results.map((row) => (row.id === id ? { ...row, ...patch } : row)) } : page,
  );
  await queryClient.invalidateQueries({ queryKey: listKey });
}
