import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { invoicesKeys } from './keys.ts';

/** GET /api/invoices/{id} */
export function getInvoice(id: number, signal?: AbortSignal): Promise<Invoice> {
  return api.get<Invoice>(`/invoices/${id}`, { signal });
}

export const invoiceQueryOptions = (id: number) =>
  queryOptions({ queryKey: invoicesKeys.detail(id), queryFn: ({ signal }) => getInvoice(id, signal) });

export function useInvoice(id: number) {
  return useQuery(invoiceQueryOptions(id));
}
