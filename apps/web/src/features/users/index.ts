import type { AreaRegistration } from '@/components/areas.ts';
import { usersMenu, usersRoutes, usersTiles } from './routes.tsx';

export const usersArea: AreaRegistration = { routes: usersRoutes, menu: usersMenu, tiles: usersTiles };
