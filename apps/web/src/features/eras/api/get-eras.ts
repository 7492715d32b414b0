import type { EraRow, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** GET /api/eras/: one page of the imported remittances, newest first (search on payer, check and file). */
export function getEras(request: ListRequest, signal?: AbortSignal): Promise<Page<EraRow>> {
  return api.get<Page<EraRow>>('/eras/', { params: { ...request }, signal });
}
