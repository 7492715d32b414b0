import { download, fetchBlob } from '@/lib/api-client.ts';

export const invoiceFileName = (id: number) => `invoice-${id}.pdf`;

/** GET /api/invoice_export/{id}/: the invoice PDF, for the preview. */
export function fetchInvoicePdf(id: number): Promise<Blob> {
  return fetchBlob(`/invoice_export/${id}/`);
}

/** The same PDF, saved as invoice-{id}.pdf. */
export function downloadInvoicePdf(id: number): Promise<void> {
  return download(`/invoice_export/${id}/`, invoiceFileName(id));
}
