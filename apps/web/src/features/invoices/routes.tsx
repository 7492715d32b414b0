import type { RouteObject } from 'react-router';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** Invoices: the list and Edit Invoice with its write-off and PDF (spec part 3, section 2.11). */
export const invoicesRoutes: RouteObject[] = [
  { path: paths.invoices.list, lazy: () => import('./InvoiceList.tsx').then((m) => ({ Component: m.InvoiceList })) },
  {
    path: paths.invoices.edit.pattern,
    lazy: () => import('./InvoiceEdit.tsx').then((m) => ({ Component: m.InvoiceEdit })),
  },
];

export const invoicesMenu: MenuEntry[] = [
  { key: 'invoices', label: 'Invoices', path: paths.invoices.list, icon: ReceiptLongIcon },
];

export const invoicesTiles: DashboardTile[] = [
  {
    key: 'invoices',
    title: 'Invoices',
    description: 'Invoices of shipped deliveries: notes, dates, write-offs and the PDF for the payer.',
    path: paths.invoices.list,
    icon: ReceiptLongIcon,
  },
];
