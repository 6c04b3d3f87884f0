import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { ApiError } from '../api/http';
import { SnackbarProvider } from '../components/snackbar';

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

/** Server state and the snackbar, for the screens that call the API (the login page does without both). */
export function DataScope() {
  return (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider linkComponent={RouterLink}>
        <Outlet />
      </SnackbarProvider>
    </QueryClientProvider>
  );
}
