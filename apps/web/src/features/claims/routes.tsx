import type { RouteObject } from 'react-router';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** Electronic claims (issue 31): Ready to Bill, the claims and their 837P batches. */
export const claimsRoutes: RouteObject[] = [
  { path: paths.claims.ready, lazy: () => import('./ReadyToBill.tsx').then((m) => ({ Component: m.ReadyToBill })) },
  { path: paths.claims.list, lazy: () => import('./ClaimList.tsx').then((m) => ({ Component: m.ClaimList })) },
  {
    path: paths.claims.detail.pattern,
    lazy: () => import('./ClaimDetail.tsx').then((m) => ({ Component: m.ClaimDetail })),
  },
  {
    path: paths.claims.batches,
    lazy: () => import('./ClaimBatchList.tsx').then((m) => ({ Component: m.ClaimBatchList })),
  },
];

export const claimsMenu: MenuEntry[] = [
  { key: 'claims', label: 'Claims', path: paths.claims.list, icon: RequestQuoteIcon },
];

export const claimsTiles: DashboardTile[] = [
  {
    key: 'claims',
    title: 'Claims',
    description: 'Bill payers electronically: claims ready to send, 837P batches and their acknowledgements.',
    path: paths.claims.list,
    icon: RequestQuoteIcon,
  },
];
