import { Alert, Link, Portal, Snackbar } from '@mui/material';
import type { ElementType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SnackbarContext, useSnackbarMessages, type SnackbarMessage } from './snackbar-context';

export { useSnackbar } from './snackbar-context';

/**
 * `linkComponent` draws a message's link: the router's Link in the portal (passed in, so that the public
 * player, which shows the same view, carries no router).
 */
export function SnackbarProvider({ children, linkComponent }: { children: ReactNode; linkComponent?: ElementType }) {
  const { api, current, close } = useSnackbarMessages();
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <SnackbarView current={current} onClose={close} linkComponent={linkComponent} />
    </SnackbarContext.Provider>
  );
}

/**
 * The message at the bottom of the screen, closed after 6 s or by its button; a message with a link to
 * follow stays 12 s, time to reach the link.
 */
export function SnackbarView({
  current,
  onClose,
  linkComponent,
}: {
  current: SnackbarMessage | null;
  onClose: () => void;
  linkComponent?: ElementType;
}) {
  const { t } = useTranslation();
  // Each message in a portal of its own, added to the page after any dialog already open: a modal dialog hides
  // everything else from assistive technology, and the refusal of that dialog's form must still be heard.
  return (
    <Portal key={current?.id}>
      <Snackbar
        open={current !== null}
        autoHideDuration={current?.link ? 12_000 : 6000}
        onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {current ? (
          <Alert
            severity={current.severity}
            variant="filled"
            onClose={onClose}
            closeText={t('common.close')}
            role="alert"
          >
            {t(current.key)}
            {current.link && linkComponent && (
              <>
                {' '}
                <Link
                  component={linkComponent}
                  to={current.link.to}
                  color="inherit"
                  onClick={onClose}
                  data-testid="snackbar-link"
                >
                  {t(current.link.labelKey)}
                </Link>
              </>
            )}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Portal>
  );
}
