import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { remittanceKeys } from './keys.ts';

/** PATCH /api/invoices/{id}/ with the invoice notes, from the payment dialog's Notes dialog. */
export function updateInvoiceNotes(input: { invoiceId: number; notes: string }): Promise<unknown> {
  return api.patch(`/invoices/${input.invoiceId}/`, { notes: input.notes });
}

export function useUpdateInvoiceNotes(occurrenceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoiceNotes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remittanceKeys.detail(occurrenceId) }),
  });
}
