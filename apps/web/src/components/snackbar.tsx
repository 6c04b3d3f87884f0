import { Alert, Snackbar, type AlertColor } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Message {
  id: number;
  key: string;
  severity: AlertColor;
}

interface SnackbarApi {
  /** Shows a translated message: `key` is a locale key such as api.commonError. */
  show: (key: string, severity?: AlertColor) => void;
}

const SnackbarContext = createContext<SnackbarApi>({ show: () => undefined });

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Message | null>(null);
  const show = useCallback((key: string, severity: AlertColor = 'error') => {
    setCurrent({ id: Date.now(), key, severity });
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={current !== null}
        autoHideDuration={6000}
        onClose={(_e, reason) => reason !== 'clickaway' && setCurrent(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {current ? (
          <Alert severity={current.severity} variant="filled" onClose={() => setCurrent(null)} role="alert">
            {t(current.key)}
          </Alert>
        ) : undefined}
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

export const useSnackbar = (): SnackbarApi => useContext(SnackbarContext);
