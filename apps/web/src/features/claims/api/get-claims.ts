import type { ClaimRow, ClaimStatus, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** The list's own filter: one status, or every claim (''). */
export type ClaimListFilters = { status: ClaimStatus | '' };

/** GET /api/claims/: one page (search on patient, claim number and payer; status filter). */
export function getClaims(request: ListRequest & ClaimListFilters, signal?: AbortSignal): Promise<Page<ClaimRow>> {
  return api.get<Page<ClaimRow>>('/claims/', { params: { ...request }, signal });
}
