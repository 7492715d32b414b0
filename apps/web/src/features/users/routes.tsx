import type { RouteObject } from 'react-router';
import ManageAccountsIcon from '@mui/icons-material/ManageAccountsOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { RequireAdmin } from '@/components/RequireAdmin.tsx';
import { paths } from '@/config/paths.ts';

/** Staff accounts: role 1 sees the menu entry and the tile; the server enforces the same. */
export const usersRoutes: RouteObject[] = [
  {
    Component: RequireAdmin,
    children: [
      { path: paths.users.list, lazy: () => import('./UserList.tsx').then((m) => ({ Component: m.UserList })) },
      { path: paths.users.create, lazy: () => import('./UserCreate.tsx').then((m) => ({ Component: m.UserCreate })) },
      {
        path: paths.users.edit.pattern,
        lazy: () => import('./UserEdit.tsx').then((m) => ({ Component: m.UserEdit })),
      },
    ],
  },
];

export const usersMenu: MenuEntry[] = [
  { key: 'users', label: 'Users', path: paths.users.list, icon: ManageAccountsIcon, adminOnly: true },
];

export const usersTiles: DashboardTile[] = [
  {
    key: 'users',
    title: 'Users',
    description: 'Staff accounts, roles and access to DME Office.',
    path: paths.users.list,
    icon: ManageAccountsIcon,
    adminOnly: true,
  },
];
