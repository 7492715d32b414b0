import { fetchBlob } from '@/lib/api-client.ts';

/** GET /api/confirm_export_batch?batchPrintId=: batch print step two, the batch's PDF. */
export function confirmExportBatch(batchPrintId: number): Promise<Blob> {
  return fetchBlob('/confirm_export_batch', { params: { batchPrintId } });
}
