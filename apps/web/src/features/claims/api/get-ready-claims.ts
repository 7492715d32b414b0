import type { Page, ReadyClaimRow } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** GET /api/claims/ready/: invoices that have no claim in force, each with what stops it. */
export function getReadyClaims(request: ListRequest, signal?: AbortSignal): Promise<Page<ReadyClaimRow>> {
  return api.get<Page<ReadyClaimRow>>('/claims/ready/', { params: { ...request }, signal });
}
