import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallCustomerRow, CallCustomerUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { workQueuesKeys } from './keys.ts';
import { updateRowInPlace } from './list-cache.ts';

/** PATCH /api/call-customers/{id}/ {customer_approved}: the Patient Approved switch. */
export function updateCallPatient(id: number, body: CallCustomerUpdateBody): Promise<CallCustomerRow> {
  return api.patch<CallCustomerRow>(`/call-customers/${id}/`, body);
}

export function useUpdateCallPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CallCustomerUpdateBody }) => updateCallPatient(id, body),
    onSuccess: (_row, { id, body }) =>
      updateRowInPlace<CallCustomerRow>(queryClient, workQueuesKeys.callPatients(), id, body),
  });
}
