import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GroupInput, type SettingsGroup } from '@forecourt/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/auth-context';
import { useSnackbar } from '../../components/snackbar';
import { createGroup, renameGroup, setGroupActive, settingsErrorKey } from './settings-api';
import { settingsKeys } from './settings-keys';

/** The dealer groups: pick one, create one, rename, deactivate or reactivate the chosen one. */
export function GroupsPanel({
  groups,
  selectedId,
  onSelect,
}: {
  groups: SettingsGroup[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<SettingsGroup | null>(null);
  const [confirming, setConfirming] = useState<SettingsGroup | null>(null);
  const selected = groups.find((g) => g.id === selectedId) ?? null;
  // The user board of another group is a provider administrator's (with manage-users), as the server checks.
  const profile = useAuth().user?.profile as { roles?: string[]; habilitations?: string[] } | undefined;
  const invitesManagers =
    (profile?.habilitations ?? []).includes('PROVIDER_ADMINISTRATOR') &&
    (profile?.roles ?? []).includes('manage-users');
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.groups() });
  const onError = (err: unknown) => snackbar.show(settingsErrorKey(err));
  // A name another group has is said under the field, where the name stays to be changed.
  const onNameError = (err: unknown, show: (key: string) => void) => {
    const key = settingsErrorKey(err);
    if (key === 'adminMessages.groupNameTaken') show(key);
    else onError(err);
  };

  const create = useMutation({
    mutationFn: (input: GroupInput) => createGroup(input),
    onSuccess: async (group) => {
      setName('');
      snackbar.show('settings.groups.created', 'success');
      await refresh();
      onSelect(group.id);
    },
    onError: (err) => onNameError(err, setNameError),
  });
  const active = useMutation({
    mutationFn: (g: SettingsGroup) => setGroupActive(g.id, !g.active),
    onSuccess: async (g) => {
      setConfirming(null);
      snackbar.show(g.active ? 'settings.groups.reactivated' : 'settings.groups.deactivated', 'success');
      await refresh();
    },
    onError,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = GroupInput.safeParse({ name });
    setNameError(parsed.success ? null : 'settings.errors.required');
    if (parsed.success) create.mutate(parsed.data);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-groups-title" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="settings-groups-title" sx={{ mb: 1 }}>
        {t('settings.groups.title')}
      </Typography>
      <List dense aria-labelledby="settings-groups-title" data-testid="settings-groups">
        {groups.map((g) => (
          <ListItem key={g.id} disablePadding>
            <ListItemButton
              selected={g.id === selectedId}
              onClick={() => onSelect(g.id)}
              aria-current={g.id === selectedId ? 'true' : undefined}
            >
              <ListItemText
                primary={g.name}
                secondary={[
                  t('adminMessages.counts.stocks', { count: g.stockCount }),
                  t('adminMessages.counts.users', { count: g.userCount }),
                  t('adminMessages.counts.stamps', { count: g.stampCount }),
                ].join(' · ')}
              />
              {!g.active && <Chip size="small" label={t('settings.groups.inactive')} sx={{ ml: 1 }} />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {selected && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
          <Button size="small" variant="outlined" onClick={() => setRenaming(selected)}>
            {t('settings.groups.rename')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color={selected.active ? 'error' : 'primary'}
            onClick={() => setConfirming(selected)}
          >
            {t(selected.active ? 'settings.groups.deactivate' : 'settings.groups.reactivate')}
          </Button>
          {invitesManagers && selected.active && (
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={`/users?group=${encodeURIComponent(selected.id)}&invite=manager`}
            >
              {t('boardGroups.inviteManager')}
            </Button>
          )}
        </Box>
      )}
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2 }}
      >
        <TextField
          size="small"
          label={t('settings.groups.newName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError !== null}
          helperText={nameError ? t(nameError) : undefined}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('settings.groups.create')}
        </Button>
      </Box>
      {renaming && (
        <RenameDialog
          group={renaming}
          onNameError={onNameError}
          onClose={() => setRenaming(null)}
          onSaved={async () => {
            setRenaming(null);
            snackbar.show('settings.groups.renamed', 'success');
            await refresh();
          }}
        />
      )}
      <Dialog open={Boolean(confirming)} onClose={() => setConfirming(null)} aria-labelledby="settings-confirm-title">
        <DialogTitle id="settings-confirm-title">
          {t(confirming?.active ? 'settings.groups.deactivateTitle' : 'settings.groups.reactivateTitle', {
            name: confirming?.name,
          })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t(confirming?.active ? 'settings.groups.deactivateText' : 'settings.groups.reactivateText')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('settings.cancel')}</Button>
          <Button
            color={confirming?.active ? 'error' : 'primary'}
            variant="contained"
            disabled={active.isPending}
            onClick={() => confirming && active.mutate(confirming)}
          >
            {t(confirming?.active ? 'settings.groups.deactivate' : 'settings.groups.reactivate')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function RenameDialog({
  group,
  onNameError,
  onClose,
  onSaved,
}: {
  group: SettingsGroup;
  onNameError: (err: unknown, show: (key: string) => void) => void;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(group.name);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: GroupInput) => renameGroup(group.id, input),
    onSuccess: onSaved,
    onError: (err) => onNameError(err, setError),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = GroupInput.safeParse({ name });
    setError(parsed.success ? null : 'settings.errors.required');
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="settings-rename-title" fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="settings-rename-title">{t('settings.groups.rename')}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            margin="dense"
            label={t('settings.groups.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error !== null}
            helperText={error ? t(error) : undefined}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('settings.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('settings.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
