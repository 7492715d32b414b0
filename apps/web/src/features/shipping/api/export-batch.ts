import type { ExportBatch } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { shippingParams, type BatchFilters } from './filters.ts';

/** GET /api/export_batch: batch print step one, a batch of the available records (marked printed). */
export function exportBatch(filters: BatchFilters): Promise<ExportBatch> {
  return api.get<ExportBatch>('/export_batch', { params: shippingParams(filters) });
}
