import type { RouteObject } from 'react-router';
import { PageLoading } from '@/components/PageLoading.tsx';
import { shippingRoutes } from './routes.tsx';

/** The shipping screens under a bare root (no layout or other areas: lighter in jsdom). */
export const shippingTestRoutes: RouteObject[] = [{ HydrateFallback: PageLoading, children: shippingRoutes }];
