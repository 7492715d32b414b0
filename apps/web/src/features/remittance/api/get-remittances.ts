import type { Page, RemittanceRow } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** GET /api/remmitance/: invoiced occurrences with a balance (search on patient and invoice number). */
export function getRemittances(request: ListRequest, signal?: AbortSignal): Promise<Page<RemittanceRow>> {
  return api.get<Page<RemittanceRow>>('/remmitance/', { params: { ...request }, signal });
}
