import type { RouteObject } from 'react-router';
import ListAltIcon from '@mui/icons-material/ListAltOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** Screens of the orders area (protected; lazy-loaded per route). */
export const ordersRoutes: RouteObject[] = [
  { path: paths.orders.list, lazy: () => import('./OrderList.tsx').then((m) => ({ Component: m.OrderList })) },
  { path: paths.orders.create, lazy: () => import('./OrderCreate.tsx').then((m) => ({ Component: m.OrderCreate })) },
  { path: paths.orders.edit.pattern, lazy: () => import('./OrderEdit.tsx').then((m) => ({ Component: m.OrderEdit })) },
];

export const ordersMenu: MenuEntry[] = [{ key: 'orders', label: 'Orders', path: paths.orders.list, icon: ListAltIcon }];

export const ordersTiles: DashboardTile[] = [
  {
    key: 'orders',
    title: 'Orders',
    description: 'Patient orders, product lines, occurrences, services and expirations.',
    path: paths.orders.list,
    icon: ListAltIcon,
  },
];
