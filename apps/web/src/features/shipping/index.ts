import type { AreaRegistration } from '@/components/areas.ts';
import { shippingMenu, shippingRoutes, shippingTiles } from './routes.tsx';

export const shippingArea: AreaRegistration = { routes: shippingRoutes, menu: shippingMenu, tiles: shippingTiles };
