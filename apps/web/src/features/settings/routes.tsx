import type { RouteObject } from 'react-router';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import type { MenuEntry } from '@/components/areas.ts';
import { RequireAdmin } from '@/components/RequireAdmin.tsx';
import { paths } from '@/config/paths.ts';

/** Settings (administrators; the server enforces the same): the billing settings of electronic claims. */
export const settingsRoutes: RouteObject[] = [
  {
    Component: RequireAdmin,
    children: [
      {
        path: paths.settings.billing,
        lazy: () => import('./BillingSettingsScreen.tsx').then((m) => ({ Component: m.BillingSettingsScreen })),
      },
    ],
  },
];

export const settingsMenu: MenuEntry[] = [
  { key: 'settings', label: 'Settings', path: paths.settings.billing, icon: SettingsIcon, adminOnly: true },
];
