import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client.ts';
import type { ExpirationFilters } from './get-expirations.ts';

export type ExportRequest = Omit<ExpirationFilters, 'start_date' | 'end_date'> & {
  start_date: string;
  end_date: string;
  search: string;
  ordering?: string;
};

/** GET /api/export_expirations with the list's filters: the PDF, saved as expirations-{start}-{end}.pdf. */
export function exportExpirations(request: ExportRequest): Promise<void> {
  return download('/export_expirations', `expirations-${request.start_date}-${request.end_date}.pdf`, {
    params: { ...request },
  });
}

export function useExportExpirations() {
  return useMutation({ mutationFn: exportExpirations });
}
