import type { SvgIconComponent } from '@mui/icons-material';
import type { RouteObject } from 'react-router';

/**
 * Side menu entries of the spec, in the spec's order. An entry appears only when its area
 * registers it, so a later area fills its place without touching the layout.
 */
export const MENU_ORDER = [
  'home',
  'patients',
  'rentals',
  'call-patient-eligibility',
  'shipping-status',
  'expirations',
  'documents-queue',
  'products',
  'products-inventory',
  'remittance',
  'remittance-revert',
  'invoices',
  'claims',
  'remittance-files',
  'denials',
  'underpayments',
  'orders',
  'vendors',
  'users',
  'end-year-report',
  'batch-print',
  'settings',
] as const;
export type MenuKey = (typeof MENU_ORDER)[number];

/** Dashboard tiles, one per area, in a fixed order (Check Eligibility has its own tile). */
export const TILE_ORDER = [
  'patients',
  'rentals',
  'call-patients',
  'check-eligibility',
  'call-patient-eligibility',
  'shipping-status',
  'expirations',
  'documents-queue',
  'products',
  'products-inventory',
  'orders',
  'remittance',
  'remittance-revert',
  'invoices',
  'claims',
  'remittance-files',
  'denials',
  'underpayments',
  'vendors',
  'users',
  'end-year-report',
  'batch-print',
] as const;
export type TileKey = (typeof TILE_ORDER)[number];

export interface MenuEntry {
  key: MenuKey;
  label: string;
  path: string;
  icon: SvgIconComponent;
  /** A sub-item (Products Inventory under Products, Remittance Revert under Remittance). */
  parent?: MenuKey;
  /** Shown to role 1 only. */
  adminOnly?: boolean;
}

export interface DashboardTile {
  key: TileKey;
  title: string;
  description: string;
  path: string;
  icon: SvgIconComponent;
  adminOnly?: boolean;
}

/** What each `features/<area>/index.ts` exports; app/areas.ts collects them. */
export interface AreaRegistration {
  /** Protected routes (rendered inside the signed-in layout). */
  routes: RouteObject[];
  menu: MenuEntry[];
  tiles: DashboardTile[];
}

export function byOrder<K extends string>(order: readonly K[]) {
  return (a: { key: K }, b: { key: K }) => order.indexOf(a.key) - order.indexOf(b.key);
}
