import type { AreaRegistration } from '@/components/areas.ts';
import { erasMenu, erasRoutes, erasTiles } from './routes.tsx';

export const erasArea: AreaRegistration = { routes: erasRoutes, menu: erasMenu, tiles: erasTiles };
