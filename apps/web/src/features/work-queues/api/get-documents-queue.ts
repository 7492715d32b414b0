import type { DocumentsQueueRow, FacilityFilter, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';
import type { OccurrenceFilters } from './get-call-patients.ts';

export type DocumentsQueueFilters = OccurrenceFilters & { facility: FacilityFilter };

/**
 * GET /api/documents_queue/: documents running out in the next 30 days and occurrences on hold in
 * the range, by patient (issue 34).
 */
export function getDocumentsQueue(request: ListRequest & DocumentsQueueFilters, signal?: AbortSignal) {
  return api.get<Page<DocumentsQueueRow>>('/documents_queue/', { params: { ...request }, signal });
}
