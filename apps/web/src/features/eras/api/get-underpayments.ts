import type { Page, UnderpaymentRow } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** The Underpaid list's filter as the list keeps it ('' for any payer). */
export type UnderpaymentFilters = { payer: number | '' };

/** GET /api/underpayments/?page=&page_size=&payer=: one page of lines allowed under what was expected (issue 33). */
export function getUnderpayments(
  request: ListRequest & UnderpaymentFilters,
  signal?: AbortSignal,
): Promise<Page<UnderpaymentRow>> {
  return api.get<Page<UnderpaymentRow>>('/underpayments/', {
    params: { page: request.page, page_size: request.page_size, payer: request.payer },
    signal,
  });
}
