import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SnackbarContext, useSnackbarMessages } from '../../components/snackbar-context';

// The portal's snackbar, in the portal's theme; its code (MUI) loads with the first message, which only
// a visitor's action (sending a rating) brings.
const PlayerSnackbarView = lazy(() =>
  import('./player-snackbar-view').then((m) => ({ default: m.PlayerSnackbarView })),
);

/** The public player's messages: the portal's snackbar, without MUI on the page until one is shown. */
export function PlayerSnackbarProvider({ children }: { children: ReactNode }) {
  const { api, current, close } = useSnackbarMessages();
  // Once shown, the view stays, so that a message closes with the snackbar's own transition.
  const [used, setUsed] = useState(false);
  if (current && !used) setUsed(true);
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <PlayerSnackbarView current={current} onClose={close} />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}
