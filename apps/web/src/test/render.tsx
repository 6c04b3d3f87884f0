import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Link as RouterLink, MemoryRouter } from 'react-router-dom';
import { SnackbarProvider } from '../components/snackbar';

/**
 * Renders a component as the portal does (query cache, router, snackbar) for a component test, with a
 * user who types and clicks; `queryClient` lets a test see what the component invalidated.
 */
export function renderAsUser(ui: ReactElement): RenderResult & { user: UserEvent; queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SnackbarProvider linkComponent={RouterLink}>{ui}</SnackbarProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
