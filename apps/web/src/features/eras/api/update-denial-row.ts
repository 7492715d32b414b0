import type { QueryClient } from '@tanstack/react-query';
import type { DenialRow, Page } from '@dme/shared';
import { erasKeys } from './keys.ts';

/**
 * Puts a denial as the server now answers it in the pages on screen, so its row shows the new
 * status even when the status filter would leave it out; the pages refetch when next opened.
 */
export async function showDenial(queryClient: QueryClient, row: DenialRow) {
  queryClient.setQueriesData<Page<DenialRow>>({ queryKey: erasKeys.denials() }, (page) =>
    page ? { ...page, results: page.results.map((r) => (r.id === row.id ? row : r)) } : page,
  );
  await queryClient.invalidateQueries({ queryKey: erasKeys.denials(), refetchType: 'none' });
}
