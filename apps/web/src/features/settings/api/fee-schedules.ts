import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeeSchedule } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { settingsKeys } from './keys.ts';

/** GET /api/reference/fee_schedule/: the CMS DMEPOS fee schedules, the newest first. */
export function getFeeSchedules(signal?: AbortSignal): Promise<FeeSchedule[]> {
  return api.get<FeeSchedule[]>('/reference/fee_schedule/', { signal });
}

export const feeSchedulesQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.feeSchedules(), queryFn: ({ signal }) => getFeeSchedules(signal) });

export function useFeeSchedules() {
  return useQuery(feeSchedulesQueryOptions());
}

export interface FeeScheduleImport {
  file: File;
  /** The quarter's rural ZIP code file; without it the ZIP codes of the schedule in force are kept. */
  ruralZips: File | null;
  /** YYYY-MM-DD. */
  effectiveDate: string;
}

/** POST /api/reference/fee_schedule/ (administrators): replaces the schedule of that effective date. */
export function importFeeSchedule(input: FeeScheduleImport): Promise<FeeSchedule> {
  const form = new FormData();
  form.append('effective_date', input.effectiveDate);
  form.append('file', input.file, input.file.name);
  if (input.ruralZips) form.append('rural_zips', input.ruralZips, input.ruralZips.name);
  return api.post<FeeSchedule>('/reference/fee_schedule/', form);
}

export function useImportFeeSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFeeSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.feeSchedules() }),
  });
}
