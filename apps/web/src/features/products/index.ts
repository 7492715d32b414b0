import type { AreaRegistration } from '@/components/areas.ts';
import { productsMenu, productsRoutes, productsTiles } from './routes.tsx';

export const productsArea: AreaRegistration = { routes: productsRoutes, menu: productsMenu, tiles: productsTiles };
