import type { RouteObject } from 'react-router';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshopOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** Screens of the shipping area (protected; lazy-loaded per route). */
export const shippingRoutes: RouteObject[] = [
  {
    path: paths.shippingStatus,
    lazy: () => import('./ShippingStatusList.tsx').then((m) => ({ Component: m.ShippingStatusList })),
  },
  {
    path: paths.batchShippingStatus,
    lazy: () => import('./LargeBatchView.tsx').then((m) => ({ Component: m.LargeBatchView })),
  },
];

export const shippingMenu: MenuEntry[] = [
  { key: 'shipping-status', label: 'Shipping Status', path: paths.shippingStatus, icon: LocalShippingIcon },
  { key: 'batch-print', label: 'Large Batch Print', path: paths.batchShippingStatus, icon: LocalPrintshopIcon },
];

export const shippingTiles: DashboardTile[] = [
  {
    key: 'shipping-status',
    title: 'Shipping Status',
    description: 'Delivery tickets, reprints, the Shipped switch, and batch printing.',
    path: paths.shippingStatus,
    icon: LocalShippingIcon,
  },
  {
    key: 'batch-print',
    title: 'Large Batch Print',
    description: 'Files of large batch prints, with the progress of those still rendering.',
    path: paths.batchShippingStatus,
    icon: LocalPrintshopIcon,
  },
];
