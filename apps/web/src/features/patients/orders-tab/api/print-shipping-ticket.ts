import { fetchBlob } from '@/lib/api-client.ts';

/** GET /api/export/{id}/print/: the occurrence's first shipping ticket (the server stamps it). */
export function printShippingTicket(occurrenceId: number): Promise<Blob> {
  return fetchBlob(`/export/${occurrenceId}/print/`);
}
