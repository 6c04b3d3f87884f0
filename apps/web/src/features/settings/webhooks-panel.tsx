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
import {
  WEBHOOK_EVENT_TYPES,
  WebhookEndpointCreate,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@forecourt/contracts/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { dateTimeFormat } from '../../i18n/date-format';
import { useSnackbar } from '../../components/snackbar';
import {
  createEndpoint,
  deleteEndpoint,
  fetchEndpoints,
  integrationsErrorKey,
  rotateEndpointSecret,
  sendTestEvent,
  updateEndpoint,
} from './integrations-api';
import { SecretOnceDialog } from './secret-once-dialog';
import { settingsKeys } from './settings-keys';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';

/** A group's webhook endpoints: add one (its secret shown once), test, rotate, enable or disable, the delivery log. */
export function WebhooksPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: settingsKeys.webhooks(groupId), queryFn: () => fetchEndpoints(groupId) });
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<Set<WebhookEventType>>(new Set());
  // The message under the URL field: the form's own check, or the server's refusal (a private address…).
  const [urlError, setUrlError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks(groupId) });

  const create = useMutation({
    mutationFn: () => createEndpoint(groupId, { url: url.trim(), description, eventTypes: [...types] }),
    onSuccess: async (e) => {
      setSecret(e.secret);
      setUrl('');
      setDescription('');
      setTypes(new Set());
      await refresh();
    },
    onError: (err) => {
      const key = integrationsErrorKey(err);
      if (key.startsWith('integrations.errors.url')) setUrlError(key);
      snackbar.show(key);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ok = WebhookEndpointCreate.safeParse({ url: url.trim() }).success;
    setUrlError(ok ? null : 'integrations.errors.url');
    if (ok) create.mutate();
  };
  const toggle = (type: WebhookEventType) => {
    const next = new Set(types);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    setTypes(next);
  };

  if (endpoints.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  // A group's manager who does not reach every stock of the group (decision 0076): the server refuses, this says why.
  if (endpoints.error instanceof ApiError && endpoints.error.code === 'FORBIDDEN')
    return <Alert severity="info">{t('integrations.manager.webhooksWholeGroup')}</Alert>;
  if (endpoints.isError) return <Alert severity="error">{t('api.commonError')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography component="h3" variant="subtitle1">
          {t('integrations.webhooks.new')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('integrations.webhooks.intro')}
        </Typography>
        <TextField
          label={t('integrations.webhooks.url')}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setUrlError(null);
          }}
          placeholder="https://crm.example.com/forecourt"
          error={urlError !== null}
          helperText={t(urlError ?? 'integrations.webhooks.urlHelp')}
          slotProps={{ htmlInput: { inputMode: 'url' } }}
        />
        <TextField
          label={t('integrations.webhooks.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('integrations.webhooks.events')}</FormLabel>
          <FormHelperText>{t('integrations.webhooks.eventsHelp')}</FormHelperText>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                control={<Checkbox checked={types.has(type)} onChange={() => toggle(type)} />}
                label={type}
              />
            ))}
          </FormGroup>
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('integrations.webhooks.add')}
          </Button>
        </Box>
      </Paper>
      <Box component="section" aria-labelledby="webhooks-list">
        <Typography component="h3" variant="subtitle1" id="webhooks-list" sx={{ mb: 1 }}>
          {t('integrations.webhooks.title')}
        </Typography>
        {endpoints.data.items.length === 0 && <Alert severity="info">{t('integrations.webhooks.none')}</Alert>}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="webhooks">
          {endpoints.data.items.map((e) => (
            <EndpointItem key={e.id} groupId={groupId} endpoint={e} onSecret={setSecret} />
          ))}
        </Box>
      </Box>
      <SecretOnceDialog
        title={t('integrations.webhooks.secretTitle')}
        label={t('integrations.webhooks.secret')}
        secret={secret}
        onClose={() => setSecret(null)}
      />
    </Box>
  );
}

function EndpointItem({
  groupId,
  endpoint,
  onSecret,
}: {
  groupId: string;
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [openedAt] = useState(Date.now);
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks(groupId) });
  const onError = (err: unknown) => snackbar.show(integrationsErrorKey(err));

  const test = useMutation({
    mutationFn: () => sendTestEvent(groupId, endpoint.id),
    onSuccess: async (d) => {
      snackbar.show(
        d.status === 'delivered' ? 'integrations.webhooks.testOk' : 'integrations.webhooks.testFailed',
        d.status === 'delivered' ? 'success' : 'error',
      );
      setShowLog(true);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.deliveries(groupId, endpoint.id) });
    },
    onError,
  });
  const rotate = useMutation({
    mutationFn: () => rotateEndpointSecret(groupId, endpoint.id),
    onSuccess: async (e) => {
      onSecret(e.secret);
      await refresh();
    },
    onError,
  });
  const setEnabled = useMutation({
    mutationFn: (enabled: boolean) =>
      updateEndpoint(groupId, endpoint.id, {
        url: endpoint.url,
        description: endpoint.description,
        eventTypes: endpoint.eventTypes,
        enabled,
      }),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: () => deleteEndpoint(groupId, endpoint.id),
    onSuccess: async () => {
      setDeleting(false);
      await refresh();
    },
    onError,
  });

  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{endpoint.url}</Typography>
        <Chip
          size="small"
          color={endpoint.enabled ? 'success' : 'default'}
          label={t(endpoint.enabled ? 'integrations.webhooks.enabled' : 'integrations.webhooks.disabled')}
        />
      </Box>
      {endpoint.description && <Typography variant="body2">{endpoint.description}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {endpoint.eventTypes.length ? endpoint.eventTypes.join(', ') : t('integrations.webhooks.allEvents')}
      </Typography>
      {endpoint.disabledReason && <Alert severity="warning">{t('integrations.webhooks.disabledAfterFailures')}</Alert>}
      {endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > openedAt && (
        <Typography variant="body2" color="text.secondary">
          {t('integrations.webhooks.rotating', {
            until: dayjs(endpoint.previousSecretUntil).format(dateTimeFormat(i18n.language)),
          })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          onClick={() => test.mutate()}
          disabled={!endpoint.enabled || test.isPending}
        >
          {t('integrations.webhooks.test')}
        </Button>
        <Button size="small" onClick={() => setShowLog(!showLog)} aria-expanded={showLog}>
          {t(showLog ? 'integrations.webhooks.hideLog' : 'integrations.webhooks.showLog')}
        </Button>
        <Button size="small" onClick={() => setEditing(true)}>
          {t('settings.edit')}
        </Button>
        <Button size="small" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
          {t('integrations.webhooks.rotate')}
        </Button>
        <Button size="small" onClick={() => setEnabled.mutate(!endpoint.enabled)} disabled={setEnabled.isPending}>
          {t(endpoint.enabled ? 'integrations.webhooks.disable' : 'integrations.webhooks.enable')}
        </Button>
        <Button size="small" color="error" onClick={() => setDeleting(true)}>
          {t('integrations.webhooks.delete')}
        </Button>
      </Box>
      {showLog && <WebhookDeliveries groupId={groupId} endpointId={endpoint.id} />}
      {editing && <WebhookEndpointDialog groupId={groupId} endpoint={endpoint} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={deleting}
        title={t('integrations.webhooks.deleteTitle')}
        text={t('integrations.webhooks.deleteText', { url: endpoint.url })}
        cancelLabel={t('settings.cancel')}
        confirmLabel={t('integrations.webhooks.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate()}
      />
    </Paper>
  );
}
