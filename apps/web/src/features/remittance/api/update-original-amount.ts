import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OriginalAmountAnswer, OriginalAmountInput } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { remittanceKeys } from './keys.ts';

/** PATCH /api/remmitance_services/{id}/: a shipped service's quantity and sale price. */
export function updateOriginalAmount(input: { id: number; body: OriginalAmountInput }): Promise<OriginalAmountAnswer> {
  return api.patch<OriginalAmountAnswer>(`/remmitance_services/${input.id}/`, input.body);
}

export function useUpdateOriginalAmount(occurrenceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOriginalAmount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remittanceKeys.detail(occurrenceId) }),
  });
}
