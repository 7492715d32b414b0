import type { RouteObject } from 'react-router';
import { PageLoading } from '@/components/PageLoading.tsx';
import { paths } from '@/config/paths.ts';
import { workQueuesRoutes } from './routes.tsx';

/** The work-queue screens under a bare root (no layout or other areas: lighter in jsdom). */
export const workQueuesTestRoutes: RouteObject[] = [
  {
    HydrateFallback: PageLoading,
    children: [...workQueuesRoutes, { path: paths.notFound, element: <p>Page not found</p> }],
  },
];
