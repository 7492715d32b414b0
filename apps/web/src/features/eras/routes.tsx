import type { RouteObject } from 'react-router';
import AssignmentLateIcon from '@mui/icons-material/AssignmentLateOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDownOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/**
 * Electronic remittances (issue 32): the imported 835 files, one remittance's detail, the denials
 * queue, and the lines a payer allowed less than expected (issue 33).
 */
export const erasRoutes: RouteObject[] = [
  { path: paths.eras.list, lazy: () => import('./EraList.tsx').then((m) => ({ Component: m.EraList })) },
  { path: paths.eras.detail.pattern, lazy: () => import('./EraDetail.tsx').then((m) => ({ Component: m.EraDetail })) },
  { path: paths.denials, lazy: () => import('./DenialList.tsx').then((m) => ({ Component: m.DenialList })) },
  {
    path: paths.underpayments,
    lazy: () => import('./UnderpaymentList.tsx').then((m) => ({ Component: m.UnderpaymentList })),
  },
];

// As Claims: every role sees the lists; importing, matching, reverting and working denials is
// billing work (canSendClaims), offered on the screens to those roles only.
export const erasMenu: MenuEntry[] = [
  { key: 'remittance-files', label: 'Remittance Files', path: paths.eras.list, icon: ReceiptIcon },
  { key: 'denials', label: 'Denials', path: paths.denials, icon: AssignmentLateIcon },
  { key: 'underpayments', label: 'Underpaid', path: paths.underpayments, icon: TrendingDownIcon },
];

export const erasTiles: DashboardTile[] = [
  {
    key: 'remittance-files',
    title: 'Remittance Files',
    description: "Import the payers' 835 files: payments posted on the claims, what is left to match.",
    path: paths.eras.list,
    icon: ReceiptIcon,
  },
  {
    key: 'denials',
    title: 'Denials',
    description: 'Denied lines to work: resubmit the claim, appeal, or write off.',
    path: paths.denials,
    icon: AssignmentLateIcon,
  },
  {
    key: 'underpayments',
    title: 'Underpaid',
    description: 'Remittance lines the payer allowed less than its fee schedule or price list.',
    path: paths.underpayments,
    icon: TrendingDownIcon,
  },
];
