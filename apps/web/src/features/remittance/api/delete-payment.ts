import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { remittanceKeys } from './keys.ts';

/** DELETE /api/ocurrence_payments/{id}/ (204): undoes one remittance payment. */
export function deletePayment(id: number): Promise<void> {
  return api.delete(`/ocurrence_payments/${id}/`);
}

export function useDeletePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remittanceKeys.all }),
  });
}
