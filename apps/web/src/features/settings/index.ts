import type { AreaRegistration } from '@/components/areas.ts';
import { settingsMenu, settingsRoutes } from './routes.tsx';

export const settingsArea: AreaRegistration = { routes: settingsRoutes, menu: settingsMenu, tiles: [] };
