import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** InventoryReport-{date time}.pdf, e.g. InventoryReport-2026-03-14 09-05.pdf (local time). */
export function inventoryReportName(now: Date): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `InventoryReport-${date} ${pad(now.getHours())}-${pad(now.getMinutes())}.pdf`;
}

/** GET /api/export_products/ (a PDF, narrowed by the screen's search) saved as the report file. */
export function exportProducts(search: string): Promise<void> {
  return download('/export_products/', inventoryReportName(new Date()), { params: { search } });
}

export function useExportProducts() {
  return useMutation({ mutationFn: exportProducts });
}
