import type { RouteObject } from 'react-router';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** Vendors (the payers): list, create and edit (spec part 3, section 2.10). */
export const vendorsRoutes: RouteObject[] = [
  { path: paths.vendors.list, lazy: () => import('./VendorList.tsx').then((m) => ({ Component: m.VendorList })) },
  { path: paths.vendors.create, lazy: () => import('./VendorCreate.tsx').then((m) => ({ Component: m.VendorCreate })) },
  {
    path: paths.vendors.edit.pattern,
    lazy: () => import('./VendorEdit.tsx').then((m) => ({ Component: m.VendorEdit })),
  },
];

export const vendorsMenu: MenuEntry[] = [
  { key: 'vendors', label: 'Vendors', path: paths.vendors.list, icon: StorefrontIcon },
];

export const vendorsTiles: DashboardTile[] = [
  {
    key: 'vendors',
    title: 'Vendors',
    description: 'The payers: insurers, Medicaid plans and cash, with their phone numbers.',
    path: paths.vendors.list,
    icon: StorefrontIcon,
  },
];
