import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Divider, Drawer, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { getWebConfig } from '../../api/web-config';
import { useAuth } from '../../auth/auth-context';
import { useUserOptions } from '../../access/user-options';
import { drawerEntries } from './drawer-entries';
import { shellKeys } from './shell-keys';

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** The side menu of spec section 2: every entry the user's rights give, then login or logout. */
export function AppDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, isAuthenticated, signOut } = useAuth();
  const { options } = useUserOptions();
  const config = useQuery({ queryKey: shellKeys.webConfig(), queryFn: getWebConfig, staleTime: Infinity });
  const profile = user?.profile;
  const entries = isAuthenticated
    ? drawerEntries(
        {
          username: profile?.preferred_username ?? '',
          habilitations: asList(profile?.habilitations),
          roles: asList(profile?.roles),
          options,
        },
        config.data?.appLinks,
      )
    : [];

  return (
    <Drawer open={open} onClose={onClose}>
      <List component="nav" aria-label={t('shell.menu')} sx={{ width: 280 }} data-testid="app-drawer">
        {entries.map((entry) => {
          const label = t(`shell.entries.${entry.name}`);
          if (entry.to) {
            return (
              <ListItemButton
                key={entry.name}
                component={RouterLink}
                to={entry.to}
                onClick={onClose}
                data-entry={entry.name}
              >
                <ListItemText primary={label} />
              </ListItemButton>
            );
          }
          // Another application, opened in a new tab.
          return (
            <ListItemButton
              key={entry.name}
              component="a"
              href={entry.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onClose}
              data-entry={entry.name}
              aria-label={t('shell.opensInNewTab', { name: label })}
            >
              <ListItemText primary={label} />
              <OpenInNewIcon fontSize="small" color="action" />
            </ListItemButton>
          );
        })}
        {config.data?.oidcClientId && (
          <>
            {entries.length > 0 && <Divider />}
            {isAuthenticated ? (
              <ListItemButton onClick={() => void signOut()} data-entry="logout">
                <ListItemIcon>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary={t('shell.logout')} />
              </ListItemButton>
            ) : (
              <ListItemButton component={RouterLink} to="/login" onClick={onClose} data-entry="login">
                <ListItemIcon>
                  <LoginIcon />
                </ListItemIcon>
                <ListItemText primary={t('shell.login')} />
              </ListItemButton>
            )}
          </>
        )}
      </List>
    </Drawer>
  );
}
