import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchPrintItem } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { shippingKeys } from './keys.ts';

/** How often the Large Batch View looks again while a batch is still rendering. */
export const BATCH_POLL_MS = 2000;

export const isInProgress = (item: BatchPrintItem) => item.status === 'queued' || item.status === 'rendering';

/** GET /api/list_batch_prints/: large batches, newest first. */
export function getBatchPrints(signal?: AbortSignal): Promise<BatchPrintItem[]> {
  return api.get<BatchPrintItem[]>('/list_batch_prints/', { params: { page_size: 100 }, signal });
}

export const batchPrintsQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.batchPrints(),
    queryFn: ({ signal }) => getBatchPrints(signal),
    staleTime: 0,
    // Polls only while something renders; a finished list stays still.
    refetchInterval: (query) => (query.state.data?.some(isInProgress) ? BATCH_POLL_MS : false),
  });

export function useBatchPrints() {
  return useQuery(batchPrintsQueryOptions());
}
