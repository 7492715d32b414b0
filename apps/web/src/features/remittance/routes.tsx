import type { RouteObject } from 'react-router';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** Screens of the remittance area (protected; lazy-loaded per route). */
export const remittanceRoutes: RouteObject[] = [
  {
    path: paths.remittance,
    lazy: () => import('./RemittanceList.tsx').then((m) => ({ Component: m.RemittanceList })),
  },
  {
    path: paths.remittanceRevert,
    lazy: () => import('./revert/RemittanceRevert.tsx').then((m) => ({ Component: m.RemittanceRevert })),
  },
];

export const remittanceMenu: MenuEntry[] = [
  { key: 'remittance', label: 'Remittance', path: paths.remittance, icon: PaymentsIcon },
  {
    key: 'remittance-revert',
    label: 'Remittance Revert',
    path: paths.remittanceRevert,
    icon: UndoIcon,
    parent: 'remittance',
  },
];

export const remittanceTiles: DashboardTile[] = [
  {
    key: 'remittance',
    title: 'Remittance',
    description: 'Apply check payments from vendors to the services of an invoice.',
    path: paths.remittance,
    icon: PaymentsIcon,
  },
  {
    key: 'remittance-revert',
    title: 'Remittance Revert',
    description: 'Review posted checks and undo an applied payment.',
    path: paths.remittanceRevert,
    icon: UndoIcon,
  },
];
