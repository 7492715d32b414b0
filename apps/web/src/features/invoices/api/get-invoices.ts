import type { InvoiceListRow, Page } from '@dme/shared';
import type { ListRequest } from '@/components/server-table/index.ts';
import { api } from '@/lib/api-client.ts';

/** GET /api/invoices/: one page (search on patient name, order name or PO, invoice or order number). */
export function getInvoices(request: ListRequest, signal?: AbortSignal): Promise<Page<InvoiceListRow>> {
  return api.get<Page<InvoiceListRow>>('/invoices/', { params: { ...request }, signal });
}
