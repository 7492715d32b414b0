import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceUpdateBody } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { invoicesKeys } from './keys.ts';

/** PATCH /api/invoices/{id}/ with notes and date (YYYY-MM-DD). */
export function updateInvoice(id: number, body: InvoiceUpdateBody): Promise<Invoice> {
  return api.patch<Invoice>(`/invoices/${id}/`, body);
}

export function useUpdateInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceUpdateBody) => updateInvoice(id, body),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoicesKeys.detail(id), invoice);
      return queryClient.invalidateQueries({ queryKey: invoicesKeys.list() });
    },
  });
}
