import { PORTAL_BLUE, PORTAL_BLUE_ON_DARK } from '@forecourt/contracts/brand-colours';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme } from '@mui/material/styles';
// MUI's own ThemeProvider for a theme without CSS variables; @mui/material's wrapper would also bring the
// CSS-variables provider (~4 KB gzip on every first load) that this theme does not use.
import { ThemeProvider } from '@mui/system';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { DARK_MODE_STORAGE_KEY, storedDarkMode } from '../lib/dark-mode';

interface ColorMode {
  dark: boolean;
  toggle: () => void;
}

const ColorModeContext = createContext<ColorMode>({ dark: false, toggle: () => undefined });

/** Breakpoints of the spec: mobile below 750 px. */
const breakpoints = { values: { xs: 0, sm: 750, md: 1024, lg: 1440, xl: 1920 } };

/** The portal's theme, light or dark. */
export const createPortalTheme = (dark: boolean) =>
  createTheme({
    breakpoints,
    palette: {
      mode: dark ? 'dark' : 'light',
      // WCAG AA asks 4.5:1 for text: MUI's default threshold (3) would keep white on the orange, warning
      // and info colours (3.1 to 3.9:1), as on the status chips; at 4.5 their text turns dark instead.
      contrastThreshold: 4.5,
      primary: { main: dark ? PORTAL_BLUE_ON_DARK : PORTAL_BLUE },
      secondary: { main: '#e0642b' },
    },
    shape: { borderRadius: 8 },
  });

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [dark, setDark] = useState(storedDarkMode);
  const mode = useMemo(
    () => ({
      dark,
      toggle: () =>
        setDark((d) => {
          localStorage.setItem(DARK_MODE_STORAGE_KEY, String(!d));
          return !d;
        }),
    }),
    [dark],
  );
  const theme = useMemo(() => createPortalTheme(dark), [dark]);
  return (
    <ColorModeContext.Provider value={mode}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export const useColorMode = (): ColorMode => useContext(ColorModeContext);
