import { ThemeProvider } from '@mui/system';
import { useState } from 'react';
import { SnackbarView } from '../../components/snackbar';
import type { SnackbarMessage } from '../../components/snackbar-context';
import { storedDarkMode } from '../../lib/dark-mode';
import { createPortalTheme } from '../../components/theme';

/** The portal's snackbar in the portal's theme, light or dark as the visitor chose there. */
export function PlayerSnackbarView(props: { current: SnackbarMessage | null; onClose: () => void }) {
  const [theme] = useState(() => createPortalTheme(storedDarkMode()));
  return (
    <ThemeProvider theme={theme}>
      <SnackbarView {...props} />
    </ThemeProvider>
  );
}
