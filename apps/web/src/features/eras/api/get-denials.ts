import type { DenialQuery, DenialRow, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** The Denials queue's filters as the list keeps them ('' for "any"). */
export type DenialFilters = {
  payer: number | '';
  reason: string;
  min_age: number | '';
  status: DenialQuery['status'];
};

/** GET /api/denials/: one page of denied lines (status open unless told; 'all' for every one). */
export function getDenials(request: ListRequest & DenialFilters, signal?: AbortSignal): Promise<Page<DenialRow>> {
  return api.get<Page<DenialRow>>('/denials/', { params: { ...request }, signal });
}
