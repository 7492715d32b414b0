import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DateRangeCode, EndYearReport } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

export type ReportRequest = { date_range: DateRangeCode } | { start_date: string; end_date: string };

/** GET /api/end_year_report/ with explicit dates or a preset (resolved on the server). */
export function getReport(request: ReportRequest, signal?: AbortSignal): Promise<EndYearReport> {
  return api.get<EndYearReport>('/end_year_report/', { params: { ...request }, signal });
}

export function useEndYearReport(request: ReportRequest | null) {
  return useQuery({
    queryKey: ['reports', 'end-year', request],
    queryFn: ({ signal }) => getReport(request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
