import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PlayerCookieConsent } from './player-cookie-consent';
import { PlayerSnackbarProvider } from './player-snackbar';
import { PublicPlayerPage } from './public-player-page';

// The player's own server state: its one read sets its retries and freshness itself (public-player-page.tsx);
// like the portal's, it does not refetch when the window regains focus.
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

/**
 * The public player's page as its entry (player-main.tsx) renders it: what the portal's app put around it
 * (server state, the snackbar, the cookie banner) without the portal's router, theme or frame.
 */
export function PlayerApp({ reference }: { reference: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PlayerSnackbarProvider>
        <PublicPlayerPage reference={reference} />
      </PlayerSnackbarProvider>
      <PlayerCookieConsent />
    </QueryClientProvider>
  );
}
