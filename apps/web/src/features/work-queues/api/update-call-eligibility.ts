import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallEligibilityRow, CallEligibilityUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { workQueuesKeys } from './keys.ts';
import { updateRowInPlace } from './list-cache.ts';

/** PATCH /api/call-patient-eligibility/{id}/ with either eligibility_toggle or customer_approved. */
export function updateCallEligibility(id: number, body: CallEligibilityUpdateBody): Promise<CallEligibilityRow> {
  return api.patch<CallEligibilityRow>(`/call-patient-eligibility/${id}/`, body);
}

export function useUpdateCallEligibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CallEligibilityUpdateBody }) => updateCallEligibility(id, body),
    onSuccess: (_row, { id, body }) =>
      updateRowInPlace<CallEligibilityRow>(queryClient, workQueuesKeys.callEligibility(), id, body),
  });
}
