import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/http';
import { AuthProvider } from '../auth/auth-context';
import { SnackbarProvider } from '../components/snackbar';
import { AppThemeProvider } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A failed read leaves the screen without data; retrying a 4xx would only repeat the refusal.
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <AppThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <SnackbarProvider>{children}</SnackbarProvider>
        </AuthProvider>
      </QueryClientProvider>
    </AppThemeProvider>
  );
}
