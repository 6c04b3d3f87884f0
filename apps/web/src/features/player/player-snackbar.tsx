import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { SnackbarContext, type SnackbarSeverity } from '../../components/snackbar-context';
import type { SnackbarMessage } from '../../components/snackbar';

// The portal's snackbar, in the portal's theme; its code (MUI) loads with the first message, which only
// a visitor's action (sending a rating) brings.
const PlayerSnackbarView = lazy(() => import('./player-snackbar-view').then((m) => ({ default: m.PlayerSnackbarView })));

/** The public player's messages: the portal's snackbar, without MUI on the page until one is shown. */
export function PlayerSnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<SnackbarMessage | null>(null);
  const [used, setUsed] = useState(false);
  const show = useCallback((key: string, severity: SnackbarSeverity = 'error') => {
    setUsed(true);
    setCurrent({ id: Date.now(), key, severity });
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <PlayerSnackbarView current={current} onClose={() => setCurrent(null)} />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}
