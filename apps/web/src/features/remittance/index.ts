import type { AreaRegistration } from '@/components/areas.ts';
import { remittanceMenu, remittanceRoutes, remittanceTiles } from './routes.tsx';

export const remittanceArea: AreaRegistration = {
  routes: remittanceRoutes,
  menu: remittanceMenu,
  tiles: remittanceTiles,
};
