import type { RouteObject } from 'react-router';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** The End of Year Report screen (protected; lazy-loaded, with its chart). */
export const reportsRoutes: RouteObject[] = [
  {
    path: paths.endYearReport,
    lazy: () => import('./EndYearReport.tsx').then((m) => ({ Component: m.EndYearReport })),
  },
];

export const reportsMenu: MenuEntry[] = [
  { key: 'end-year-report', label: 'End Year Report', path: paths.endYearReport, icon: AssessmentIcon },
];

export const reportsTiles: DashboardTile[] = [
  {
    key: 'end-year-report',
    title: 'End Year Report',
    description: 'Sales, tax, remitted, receivable and write-offs for a period.',
    path: paths.endYearReport,
    icon: AssessmentIcon,
  },
];
