import type { AreaActions } from '@/components/area-actions.tsx';
import { useCloneOrder } from '@/features/orders/api/clone-order.ts';
import { useDeleteOrder } from '@/features/orders/api/delete-order.ts';
import { downloadInvoicePdf } from '@/features/invoices/api/invoice-pdf.ts';

/** What each area offers the others (see components/area-actions.tsx), composed here where areas meet. */
export const areaActions: AreaActions = {
  useDeleteOrder,
  useCloneOrder,
  downloadInvoicePdf,
};
