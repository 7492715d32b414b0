import { fetchBlob } from '@/lib/api-client.ts';

/** GET /api/ocurrences/{id}/delivery/proof/: the signed proof of delivery PDF, read with the session token. */
export function getDeliveryProof(occurrenceId: number): Promise<Blob> {
  return fetchBlob(`/ocurrences/${occurrenceId}/delivery/proof/`);
}
