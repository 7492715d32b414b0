import type { AsyncBatch } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { shippingParams, type BatchFilters } from './filters.ts';

/** GET /api/async_confirm_export_batch: a large batch, rendered to a file in the background. */
export function queueLargeBatch(filters: BatchFilters): Promise<AsyncBatch> {
  return api.get<AsyncBatch>('/async_confirm_export_batch', { params: shippingParams(filters) });
}
