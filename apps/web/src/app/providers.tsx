import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { AreaActionsProvider } from '@/components/area-actions.tsx';
import { NOTIFY_DURATION_MS } from '@/lib/notify.ts';
import { areaActions } from './area-actions.ts';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { theme } from './theme.ts';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={2}
          autoHideDuration={NOTIFY_DURATION_MS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <AuthProvider>
            <AreaActionsProvider value={areaActions}>{children}</AreaActionsProvider>
          </AuthProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
