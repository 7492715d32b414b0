import { useQuery } from '@tanstack/react-query';
import type { CheckPayment } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { remittanceKeys } from './keys.ts';

/** GET /api/last_remmitance_payments: the check the signed-in user posted last, or null. */
export function getLastCheck(signal?: AbortSignal): Promise<CheckPayment | null> {
  return api.get<CheckPayment | null>('/last_remmitance_payments', { signal });
}

export function useLastCheck(enabled: boolean) {
  return useQuery({ queryKey: remittanceKeys.lastCheck(), queryFn: ({ signal }) => getLastCheck(signal), enabled });
}
