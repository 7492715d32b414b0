import { fetchBlob } from '@/lib/api-client.ts';

/** GET /api/export/{id}/reprint/: the delivery ticket again, while nothing shipped. */
export function reprintTicket(id: number): Promise<Blob> {
  return fetchBlob(`/export/${id}/reprint/`);
}
