import type { AreaRegistration } from '@/components/areas.ts';
import { reportsMenu, reportsRoutes, reportsTiles } from './routes.tsx';

export const reportsArea: AreaRegistration = { routes: reportsRoutes, menu: reportsMenu, tiles: reportsTiles };
