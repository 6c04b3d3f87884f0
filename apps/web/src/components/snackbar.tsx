import { Alert, Snackbar } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SnackbarContext, useSnackbarMessages, type SnackbarMessage } from './snackbar-context';

export { useSnackbar } from './snackbar-context';

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { api, current, close } = useSnackbarMessages();
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <SnackbarView current={current} onClose={close} />
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
