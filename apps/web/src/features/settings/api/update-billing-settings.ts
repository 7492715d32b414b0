import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingSettings, BillingSettingsBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { settingsKeys } from './keys.ts';

/** PUT /api/settings/billing/ (administrators): every field; 200 with the saved settings, 422 per field. */
export function updateBillingSettings(body: BillingSettingsBody): Promise<BillingSettings> {
  return api.put<BillingSettings>('/settings/billing/', body);
}

export function useUpdateBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.billing(), saved),
  });
}
