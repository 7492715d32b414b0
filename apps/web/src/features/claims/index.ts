import type { AreaRegistration } from '@/components/areas.ts';
import { claimsMenu, claimsRoutes, claimsTiles } from './routes.tsx';

export const claimsArea: AreaRegistration = { routes: claimsRoutes, menu: claimsMenu, tiles: claimsTiles };
