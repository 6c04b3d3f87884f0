import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ScimToken, ScimTokenCreated } from '@forecourt/contracts/scim';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSnackbar } from '../../components/snackbar';
import { dateTimeFormat } from '../../i18n/date-format';
import { createScimToken, federationKeys, fetchScimTokens, revokeScimToken } from './federation-api';
import { settingsErrorKey } from './settings-api';

/**
 * A group's SCIM bearer tokens (provider administrators): the token is shown once when created, then only
 * who created it, when, when it was last used and whether it is revoked.
 */
export function ScimTokensPanel({ groupId }: { groupId: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: federationKeys.scimTokens(groupId), queryFn: () => fetchScimTokens(groupId) });
  const [label, setLabel] = useState('');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: federationKeys.scimTokens(groupId) });
  const create = useMutation({
    mutationFn: () => createScimToken(groupId, label.trim()),
    onSuccess: async (token) => {
      setCreated(token);
      setLabel('');
      setTouched(false);
      await refresh();
    },
    onError: (err) => snackbar.show(settingsErrorKey(err)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeScimToken(groupId, id),
    onSuccess: async () => {
      setRevoking(null);
      snackbar.show('settings.scim.revoked', 'success');
      await refresh();
    },
    onError: (err) => snackbar.show(settingsErrorKey(err)),
  });
  const date = (iso: string | null) =>
    iso ? dayjs(iso).format(dateTimeFormat(i18n.language)) : t('settings.scim.never');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created!.token);
      snackbar.show('settings.scim.copied', 'success');
    } catch {
      snackbar.show('settings.scim.copyFailed');
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">
        {t('settings.scim.intro', { url: `${window.location.origin}/scim/v2` })}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (label.trim()) create.mutate();
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          label={t('settings.scim.label')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={touched && !label.trim()}
          helperText={touched && !label.trim() ? t('settings.errors.required') : t('settings.scim.labelHelp')}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'scim-label' } }}
          sx={{ flex: '1 1 240px' }}
        />
        <Button type="submit" variant="contained" loading={create.isPending} sx={{ mt: 1 }}>
          {t('settings.scim.create')}
        </Button>
      </Box>
      {created && (
        <Alert
          severity="warning"
          onClose={() => setCreated(null)}
          slotProps={{ closeButton: { 'aria-label': t('settings.close') } as object }}
        >
          <Typography sx={{ fontWeight: 600 }}>{t('settings.scim.shownOnce', { label: created.label })}</Typography>
          <Box
            component="code"
            data-testid="scim-token-value"
            sx={{
              display: 'block',
              my: 1,
              p: 1,
              bgcolor: 'background.paper',
              borderRadius: 1,
              overflowWrap: 'anywhere',
            }}
          >
            {created.token}
          </Box>
          <Button size="small" variant="outlined" onClick={() => void copy()}>
            {t('settings.scim.copy')}
          </Button>
        </Alert>
      )}
      {tokens.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {tokens.isError && <Alert severity="error">{t(settingsErrorKey(tokens.error))}</Alert>}
      {tokens.data?.items.length === 0 && <Alert severity="info">{t('settings.scim.none')}</Alert>}
      {!!tokens.data?.items.length && (
        // On a phone the table scrolls sideways: a focusable region, so that a keyboard can scroll it too.
        <TableContainer tabIndex={0} role="region" aria-label={t('settings.scim.title')}>
          <Table
            size="small"
            aria-label={t('settings.scim.title')}
            data-testid="scim-tokens"
            sx={{ minWidth: 640, '& td, & th': { whiteSpace: 'nowrap' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('settings.scim.label')}</TableCell>
                <TableCell>{t('settings.scim.createdBy')}</TableCell>
                <TableCell>{t('settings.scim.createdAt')}</TableCell>
                <TableCell>{t('settings.scim.lastUsed')}</TableCell>
                <TableCell>{t('settings.scim.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tokens.data.items.map((tok) => (
                <TableRow key={tok.id}>
                  <TableCell>{tok.label}</TableCell>
                  <TableCell>{tok.createdBy}</TableCell>
                  <TableCell>{date(tok.createdAt)}</TableCell>
                  <TableCell>{date(tok.lastUsedAt)}</TableCell>
                  <TableCell>
                    {tok.revokedAt ? (
                      t('settings.scim.revokedOn', { date: date(tok.revokedAt) })
                    ) : (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRevoking(tok)}
                        aria-label={t('settings.scim.revokeOf', { label: tok.label })}
                      >
                        {t('settings.scim.revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('settings.scim.revokeTitle', { label: revoking?.label ?? '' })}
        text={t('settings.scim.revokeText')}
        cancelLabel={t('settings.cancel')}
        confirmLabel={t('settings.scim.revoke')}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Box>
  );
}
