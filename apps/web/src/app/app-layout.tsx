import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Outlet, useMatch } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { AppFooter } from '../features/shell/app-footer';
import { AppHeader } from '../features/shell/app-header';

/**
 * The frame of every screen but login and the public player: header with the drawer, content, and the
 * collapsible footer. The live call page hides the footer and its logo does not link home.
 */
export function AppLayout() {
  const live = useMatch('/videos/live/rooms/:idLiveVideo');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader logoLinks={!live} />
      <Box component="main" sx={{ flex: 1 }}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      {!live && <AppFooter />}
    </Box>
  );
}
