import { createContext, useCallback, useContext, useMemo, useState } from 'react';

/** The severities of MUI's Alert, named here so that this context needs no MUI. */
export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

/** A link shown after the message, to the screen where what the message tells can be followed. */
export interface SnackbarLink {
  /** Locale key of the link's text. */
  labelKey: string;
  /** A path of the portal. */
  to: string;
}

export interface SnackbarApi {
  /** Shows a translated message: `key` is a locale key such as api.commonError. */
  show: (key: string, severity?: SnackbarSeverity, link?: SnackbarLink) => void;
}

export interface SnackbarMessage {
  id: number;
  key: string;
  severity: SnackbarSeverity;
  link?: SnackbarLink;
}

// Apart from the provider (snackbar.tsx) so that a screen that only shows messages, such as the public
// player's rating, does not import MUI with it; the player provides its own (player-snackbar.tsx).
export const SnackbarContext = createContext<SnackbarApi>({ show: () => undefined });

export const useSnackbar = (): SnackbarApi => useContext(SnackbarContext);

/** A provider's state: the message shown (one at a time, a new one replaces it), the api and the close. */
export function useSnackbarMessages(): { api: SnackbarApi; current: SnackbarMessage | null; close: () => void } {
  const [current, setCurrent] = useState<SnackbarMessage | null>(null);
  const show = useCallback((key: string, severity: SnackbarSeverity = 'error', link?: SnackbarLink) => {
    setCurrent({ id: Date.now(), key, severity, ...(link ? { link } : {}) });
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const close = useCallback(() => setCurrent(null), []);
  return { api, current, close };
}
