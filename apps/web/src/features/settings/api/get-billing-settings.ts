import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingSettings } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { settingsKeys } from './keys.ts';

/** GET /api/settings/billing/: the office's one set of billing settings (empty texts until saved). */
export function getBillingSettings(signal?: AbortSignal): Promise<BillingSettings> {
  return api.get<BillingSettings>('/settings/billing/', { signal });
}

export const billingSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.billing(), queryFn: ({ signal }) => getBillingSettings(signal) });

export function useBillingSettings() {
  return useQuery(billingSettingsQueryOptions());
}
