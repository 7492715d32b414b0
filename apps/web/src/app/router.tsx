import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { PublicOnly } from './auth/PublicOnly.tsx';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { protectedRoutes } from './areas.ts';
import { PageLoading } from '@/components/PageLoading.tsx';
import { RouteError } from './RouteError.tsx';

const loginScreen = () => import('@/features/auth/LoginScreen.tsx').then((m) => ({ Component: m.LoginScreen }));

/** The one route table. Screens load on demand so the sign-in page stays small. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      {
        path: paths.notFound,
        lazy: () => import('@/components/NotFound.tsx').then((m) => ({ Component: m.NotFound })),
      },
      {
        Component: PublicOnly,
        children: [
          { path: paths.login, lazy: loginScreen },
          {
            path: paths.forgotPassword,
            lazy: () =>
              import('@/features/auth/ForgotPasswordScreen.tsx').then((m) => ({ Component: m.ForgotPasswordScreen })),
          },
          {
            path: paths.resetPassword.pattern,
            lazy: () =>
              import('@/features/auth/ResetPasswordScreen.tsx').then((m) => ({ Component: m.ResetPasswordScreen })),
          },
          // Spec: any unknown path shows the sign-in screen (a signed-in user goes on to /home).
          { path: '*', lazy: loginScreen },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('./layout/AppLayout.tsx').then((m) => ({ Component: m.AppLayout })),
            HydrateFallback: PageLoading,
            children: [
              {
                path: paths.home,
                lazy: () => import('./dashboard/Dashboard.tsx').then((m) => ({ Component: m.Dashboard })),
              },
              ...protectedRoutes,
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
