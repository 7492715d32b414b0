import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { erasKeys } from './keys.ts';

/** GET /api/invoices/{id}/: the invoice whose services a remittance line may pay. */
export function getInvoice(id: number, signal?: AbortSignal): Promise<Invoice> {
  return api.get<Invoice>(`/invoices/${id}/`, { signal });
}

/** The invoice to pick a service from. */
export function useInvoiceServices(id: number) {
  return useQuery({ queryKey: erasKeys.invoice(id), queryFn: ({ signal }) => getInvoice(id, signal) });
}
