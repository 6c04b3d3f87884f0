import { Alert, Snackbar } from '@mui/material';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SnackbarContext, type SnackbarSeverity } from './snackbar-context';

export { useSnackbar } from './snackbar-context';

export interface SnackbarMessage {
  id: number;
  key: string;
  severity: SnackbarSeverity;
}

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<SnackbarMessage | null>(null);
  const show = useCallback((key: string, severity: SnackbarSeverity = 'error') => {
    setCurrent({ id: Date.now(), key, severity });
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <SnackbarView current={current} onClose={() => setCurrent(null)} />
    </SnackbarContext.Provider>
  );
}

/** The message at the bottom of the screen, closed after 6 s or by its button. */
export function SnackbarView({ current, onClose }: { current: SnackbarMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Snackbar
      key={current?.id}
      open={current !== null}
      autoHideDuration={6000}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert severity={current.severity} variant="filled" onClose={onClose} role="alert">
          {t(current.key)}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
