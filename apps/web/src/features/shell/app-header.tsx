import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { getWebConfig } from '../../api/web-config';
import { useAuth } from '../../auth/auth-context';
import { useColorMode } from '../../components/theme';
import { ForecourtLogo } from '../../components/forecourt-logo';
import { shellKeys } from './shell-keys';

// The drawer (and the modal machinery under it) loads with its first opening.
const AppDrawer = lazy(() => import('./app-drawer').then((m) => ({ default: m.AppDrawer })));
// The alerts' bell (features/engagement) loads once signed in.
const AlertsBell = lazy(() => import('../engagement/alerts-bell').then((m) => ({ default: m.AlertsBell })));

/** The header of spec section 2: menu, logo (custom brand or default) linking to / unless told not to, dark mode. */
export function AppHeader({ logoLinks }: { logoLinks: boolean }) {
  const { t } = useTranslation();
  const { dark, toggle } = useColorMode();
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const config = useQuery({ queryKey: shellKeys.webConfig(), queryFn: getWebConfig, staleTime: Infinity });
  const logo = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}>
      <ForecourtLogo size={36} src={config.data?.brandLogoUrl} decorative />
      <Typography variant="h6" component="span">
        {t('common.appName')}
      </Typography>
    </Box>
  );
  return (
    <AppBar position="static" component="header">
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('shell.menu')}
          onClick={() => {
            setDrawerUsed(true);
            setOpen(true);
          }}
        >
          <MenuIcon />
        </IconButton>
        {logoLinks ? (
          <Box component={RouterLink} to="/" sx={{ color: 'inherit', textDecoration: 'none' }}>
            {logo}
          </Box>
        ) : (
          logo
        )}
        <Box sx={{ flex: 1 }} />
        {isAuthenticated && (
          <Suspense fallback={null}>
            <AlertsBell />
          </Suspense>
        )}
        <Tooltip title={dark ? t('shell.lightMode') : t('shell.darkMode')}>
          <IconButton
            color="inherit"
            aria-label={dark ? t('shell.lightMode') : t('shell.darkMode')}
            aria-pressed={dark}
            onClick={toggle}
          >
            {dark ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </Tooltip>
      </Toolbar>
      {drawerUsed && (
        <Suspense fallback={null}>
          <AppDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
