import type { AreaRegistration } from '@/components/areas.ts';
import { vendorsMenu, vendorsRoutes, vendorsTiles } from './routes.tsx';

export const vendorsArea: AreaRegistration = { routes: vendorsRoutes, menu: vendorsMenu, tiles: vendorsTiles };
