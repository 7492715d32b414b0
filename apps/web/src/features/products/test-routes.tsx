import type { RouteObject } from 'react-router';
import { PageLoading } from '@/components/PageLoading.tsx';
import { paths } from '@/config/paths.ts';
import { productsRoutes } from './routes.tsx';

/** The products screens under a bare root (the tests do not depend on the other areas' screens). */
export const productTestRoutes: RouteObject[] = [
  {
    HydrateFallback: PageLoading,
    children: [...productsRoutes, { path: paths.notFound, element: <p>Page not found</p> }],
  },
];
