import { fetchBlob } from '@/lib/api-client.ts';

/** GET /api/export/{id}/print/: the first delivery ticket (the server stamps it with the time and user). */
export function printTicket(id: number): Promise<Blob> {
  return fetchBlob(`/export/${id}/print/`);
}
