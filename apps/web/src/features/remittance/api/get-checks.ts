import type { Page, RevertRow } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** GET /api/remmitance_revert/: checks with their payments. */
export function getChecks(request: ListRequest, signal?: AbortSignal): Promise<Page<RevertRow>> {
  return api.get<Page<RevertRow>>('/remmitance_revert/', { params: { ...request }, signal });
}
