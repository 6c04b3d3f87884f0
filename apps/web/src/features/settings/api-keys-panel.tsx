import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyCreate, type ApiKeyScope } from '@forecourt/contracts/api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { dateTimeFormat } from '../../i18n/date-format';
import { useSnackbar } from '../../components/snackbar';
import { createApiKey, fetchApiKeys, fetchKeyStocks, integrationsErrorKey, revokeApiKey } from './integrations-api';
import { SecretOnceDialog } from './secret-once-dialog';
import { settingsKeys } from './settings-keys';

/** A group's API keys: create one (scopes, stocks, expiry; shown once), the list with last use, revoke. */
export function ApiKeysPanel({ groupId }: { groupId: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: settingsKeys.apiKeys(groupId), queryFn: () => fetchApiKeys(groupId) });
  // The stocks the signed-in user may give a key: a group's manager, only those they reach (decision 0076).
  const choices = useQuery({ queryKey: settingsKeys.keyStocks(groupId), queryFn: () => fetchKeyStocks(groupId) });
  const stocks = choices.data?.items;
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<Set<ApiKeyScope>>(new Set(['shootings:read']));
  const [ownerIds, setOwnerIds] = useState<Set<string>>(new Set());
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Set<string>>(new Set());
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  // The moment the panel opened: a key that expires while it is open shows as expired on the next visit.
  const [openedAt] = useState(Date.now);
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys(groupId) });

  const create = useMutation({
    mutationFn: (body: ApiKeyCreate) => createApiKey(groupId, body),
    onSuccess: async (k) => {
      setCreated(k.key);
      setLabel('');
      setExpiry('');
      setOwnerIds(new Set());
      await refresh();
    },
    onError: (err) => snackbar.show(integrationsErrorKey(err)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeApiKey(groupId, id),
    onSuccess: async () => {
      setRevoking(null);
      snackbar.show('integrations.keys.revoked', 'success');
      await refresh();
    },
    onError: (err) => snackbar.show(integrationsErrorKey(err)),
  });

  const toggle = <T,>(set: Set<T>, value: T) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const issues = new Set<string>();
    if (!label.trim()) issues.add('label');
    if (!scopes.size) issues.add('scopes');
    const expiresAt = expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null;
    if (expiresAt && Date.parse(expiresAt) <= Date.now()) issues.add('expiry');
    setErrors(issues);
    if (!issues.size)
      create.mutate({
        label: label.trim(),
        scopes: [...scopes],
        ownerIds: ownerIds.size ? [...ownerIds] : null,
        expiresAt,
      });
  };
  const date = (iso: string | null) =>
    iso ? dayjs(iso).format(dateTimeFormat(i18n.language)) : t('integrations.never');

  if (keys.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (keys.isError) return <Alert severity="error">{t('api.commonError')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography component="h3" variant="subtitle1">
          {t('integrations.keys.new')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('integrations.keys.intro')}
        </Typography>
        <TextField
          label={t('integrations.keys.label')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={errors.has('label')}
          helperText={errors.has('label') ? t('settings.errors.required') : t('integrations.keys.labelHelp')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <FormControl error={errors.has('scopes')} component="fieldset">
          <FormLabel component="legend">{t('integrations.keys.scopes')}</FormLabel>
          <FormGroup>
            {API_KEY_SCOPES.map((s) => (
              <FormControlLabel
                key={s}
                control={<Checkbox checked={scopes.has(s)} onChange={() => setScopes(toggle(scopes, s))} />}
                label={t(`integrations.scopes.${s.replace(':', '_')}`)}
              />
            ))}
          </FormGroup>
          {errors.has('scopes') && <FormHelperText>{t('integrations.errors.scopes')}</FormHelperText>}
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('integrations.keys.stocks')}</FormLabel>
          <FormHelperText>
            {t(
              choices.data?.openToNewStocks === false
                ? 'integrations.manager.stocksHelp'
                : 'integrations.keys.stocksHelp',
            )}
          </FormHelperText>
          <FormGroup>
            {stocks?.map((s) => (
              <FormControlLabel
                key={s.id}
                control={<Checkbox checked={ownerIds.has(s.id)} onChange={() => setOwnerIds(toggle(ownerIds, s.id))} />}
                label={s.name}
              />
            ))}
          </FormGroup>
        </FormControl>
        <TextField
          type="date"
          label={t('integrations.keys.expiry')}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          error={errors.has('expiry')}
          helperText={errors.has('expiry') ? t('integrations.errors.expiresAt') : t('integrations.keys.expiryHelp')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('integrations.keys.create')}
          </Button>
        </Box>
      </Paper>
      <Box component="section" aria-labelledby="api-keys-list">
        <Typography component="h3" variant="subtitle1" id="api-keys-list" sx={{ mb: 1 }}>
          {t('integrations.keys.title')}
        </Typography>
        {keys.data.items.length === 0 && <Alert severity="info">{t('integrations.keys.none')}</Alert>}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="api-keys">
          {keys.data.items.map((k) => {
            const expired = k.expiresAt !== null && Date.parse(k.expiresAt) <= openedAt;
            const state = k.revokedAt ? 'revoked' : expired ? 'expired' : 'active';
            return (
              <Paper component="li" variant="outlined" key={k.id} sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{k.label}</Typography>
                  <Chip
                    size="small"
                    label={t(`integrations.keys.state.${state}`)}
                    color={state === 'active' ? 'success' : 'default'}
                  />
                  <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace' }}>
                    {k.hint}…
                  </Typography>
                </Box>
                <Typography variant="body2">
                  {k.scopes.map((s) => t(`integrations.scopes.${s.replace(':', '_')}`)).join(' · ')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('integrations.keys.details', {
                    stocks: k.ownerIds
                      ? k.ownerIds.map((id) => keys.data.stocks.find((s) => s.id === id)?.name ?? id).join(', ')
                      : t('integrations.keys.allStocks'),
                    expiry: k.expiresAt ? date(k.expiresAt) : t('integrations.never'),
                    lastUsed: date(k.lastUsedAt),
                  })}
                </Typography>
                {state === 'active' && (
                  <Box>
                    <Button size="small" color="error" onClick={() => setRevoking(k)}>
                      {t('integrations.keys.revoke')}
                    </Button>
                  </Box>
                )}
              </Paper>
            );
          })}
        </Box>
      </Box>
      <SecretOnceDialog
        title={t('integrations.keys.createdTitle')}
        label={t('integrations.keys.key')}
        secret={created}
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('integrations.keys.revokeTitle')}
        text={t('integrations.keys.revokeText', { label: revoking?.label ?? '' })}
        cancelLabel={t('settings.cancel')}
        confirmLabel={t('integrations.keys.revoke')}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Box>
  );
}
