import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckEligibilityRow, EligibilityUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { workQueuesKeys } from './keys.ts';
import { updateRowInPlace } from './list-cache.ts';

/** PATCH /api/check-eligibility/{id}/ {eligibility_toggle}: the Eligibility switch. */
export function updateEligibility(id: number, body: EligibilityUpdateBody): Promise<CheckEligibilityRow> {
  return api.patch<CheckEligibilityRow>(`/check-eligibility/${id}/`, body);
}

export function useUpdateEligibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EligibilityUpdateBody }) => updateEligibility(id, body),
    onSuccess: (_row, { id, body }) =>
      updateRowInPlace<CheckEligibilityRow>(queryClient, workQueuesKeys.checkEligibility(), id, body),
  });
}
