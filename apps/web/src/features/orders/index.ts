import type { AreaRegistration } from '@/components/areas.ts';
import { ordersMenu, ordersRoutes, ordersTiles } from './routes.tsx';

export const ordersArea: AreaRegistration = { routes: ordersRoutes, menu: ordersMenu, tiles: ordersTiles };
