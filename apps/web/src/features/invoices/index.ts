import type { AreaRegistration } from '@/components/areas.ts';
import { invoicesMenu, invoicesRoutes, invoicesTiles } from './routes.tsx';

export const invoicesArea: AreaRegistration = { routes: invoicesRoutes, menu: invoicesMenu, tiles: invoicesTiles };
