import { useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Session } from '@dme/shared';
import { areaActions } from '@/app/area-actions.ts';
import { AuthProvider } from '@/app/auth/AuthProvider.tsx';
import { AreaActionsProvider } from '@/components/area-actions.tsx';
import { theme } from '@/app/theme.ts';
import { saveSession } from '@/lib/storage.ts';
import { testStyleCache } from './style-cache.ts';

export const adminSession: Session = {
  id: 1,
  fullName: 'Ada Admin',
  username: 'admin',
  avatar: 'AD',
  token: 'token-admin',
  role_id: 1,
};

// No ripples or animations in jsdom: they only add timers and re-renders to every click.
const testTheme = createTheme(theme, {
  transitions: { create: () => 'none' },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [styleCache] = useState(testStyleCache);
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={testTheme}>
        <CssBaseline />
        <QueryClientProvider client={client}>
          <SnackbarProvider maxSnack={2} autoHideDuration={2000}>
            <AuthProvider>
              <AreaActionsProvider value={areaActions}>{children}</AreaActionsProvider>
            </AuthProvider>
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

/** Renders routes in a memory data router with the app's providers (signed in when a session is given). */
export function renderRoutes(routes: RouteObject[], options: { path?: string; session?: Session | null } = {}) {
  if (options.session) saveSession(options.session);
  const client = testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, client };
}
