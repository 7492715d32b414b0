import { download } from '@/lib/api-client.ts';

/** The name the server gives a batch's file (its attachment name). */
export const batchFileName = (id: number) => `claims-${id}.837`;

/**
 * GET /api/claim_batches/{id}/file/: the 837P file, fetched with the session token (a plain link
 * would carry none) and saved under the batch's file name.
 */
export function downloadBatchFile(batch: { id: number; file_name?: string }): Promise<void> {
  return download(`/claim_batches/${batch.id}/file/`, batch.file_name || batchFileName(batch.id));
}
