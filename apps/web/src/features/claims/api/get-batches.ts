import type { ClaimBatchRow, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** GET /api/claim_batches/: one page of the 837P files made so far. */
export function getBatches(request: ListRequest, signal?: AbortSignal): Promise<Page<ClaimBatchRow>> {
  return api.get<Page<ClaimBatchRow>>('/claim_batches/', { params: { ...request }, signal });
}
