import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The page of a screen shown before the portal's shell (/login, /setup): its one card, centred on the background. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      {children}
    </Box>
  );
}
