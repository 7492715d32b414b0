import type { RouteObject } from 'react-router';
import AssignmentLateIcon from '@mui/icons-material/AssignmentLateOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** Electronic remittances (issue 32): the imported 835 files, one remittance's detail, the denials queue. */
export const erasRoutes: RouteObject[] = [
  { path: paths.eras.list, lazy: () => import('./EraList.tsx').then((m) => ({ Component: m.EraList })) },
  { path: paths.eras.detail.pattern, lazy: () => import('./EraDetail.tsx').then((m) => ({ Component: m.EraDetail })) },
  { path: paths.denials, lazy: () => import('./DenialList.tsx').then((m) => ({ Component: m.DenialList })) },
];

// As Claims: every role sees the lists; importing, matching, reverting and working denials is
// billing work (canSendClaims), offered on the screens to those roles only.
export const erasMenu: MenuEntry[] = [
  { key: 'remittance-files', label: 'Remittance Files', path: paths.eras.list, icon: ReceiptIcon },
  { key: 'denials', label: 'Denials', path: paths.denials, icon: AssignmentLateIcon },
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
];
