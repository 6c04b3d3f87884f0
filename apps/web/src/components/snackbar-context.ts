import { createContext, useContext } from 'react';

/** The severities of MUI's Alert, named here so that this context needs no MUI. */
export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarApi {
  /** Shows a translated message: `key` is a locale key such as api.commonError. */
  show: (key: string, severity?: SnackbarSeverity) => void;
}

// Apart from the provider (snackbar.tsx) so that a screen that only shows messages, such as the public
// player's rating, does not import MUI with it; the player provides its own (player-snackbar.tsx).
export const SnackbarContext = createContext<SnackbarApi>({ show: () => undefined });

export const useSnackbar = (): SnackbarApi => useContext(SnackbarContext);
