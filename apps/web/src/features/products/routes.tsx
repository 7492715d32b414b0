import type { RouteObject } from 'react-router';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import type { DashboardTile, MenuEntry } from '@/components/areas.ts';
import { paths } from '@/config/paths.ts';

/** Screens of the products area (protected; lazy-loaded per route). */
export const productsRoutes: RouteObject[] = [
  { path: paths.products.list, lazy: () => import('./ProductList.tsx').then((m) => ({ Component: m.ProductList })) },
  {
    path: paths.products.create,
    lazy: () => import('./ProductCreate.tsx').then((m) => ({ Component: m.ProductCreate })),
  },
  {
    path: paths.products.edit.pattern,
    lazy: () => import('./ProductEdit.tsx').then((m) => ({ Component: m.ProductEdit })),
  },
  {
    path: paths.products.inventory,
    lazy: () => import('./ProductInventory.tsx').then((m) => ({ Component: m.ProductInventory })),
  },
];

export const productsMenu: MenuEntry[] = [
  { key: 'products', label: 'Products', path: paths.products.list, icon: CategoryIcon },
  {
    key: 'products-inventory',
    label: 'Products Inventory',
    path: paths.products.inventory,
    icon: InventoryIcon,
    parent: 'products',
  },
];

export const productsTiles: DashboardTile[] = [
  {
    key: 'products',
    title: 'Products',
    description: 'Catalogue, reference numbers, categories, photos and price variants.',
    path: paths.products.list,
    icon: CategoryIcon,
  },
  {
    key: 'products-inventory',
    title: 'Products Inventory',
    description: 'Stock on hand by unit measure and the inventory report.',
    path: paths.products.inventory,
    icon: InventoryIcon,
  },
];
