import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import {
  WEBHOOK_EVENT_TYPES,
  WebhookEndpointCreate,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@forecourt/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { integrationsErrorKey, updateEndpoint } from './integrations-api';
import { SettingsFormDialog } from './settings-form-dialog';
import { settingsKeys } from './settings-keys';

/**
 * Edits an endpoint's URL, description and events in place: its secret, and so the receiver's set-up, stay (before,
 * taking one more event meant deleting the endpoint and giving the receiver a new secret).
 */
export function WebhookEndpointDialog({
  groupId,
  endpoint,
  onClose,
}: {
  groupId: string;
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(endpoint.url);
  const [description, setDescription] = useState(endpoint.description);
  const [types, setTypes] = useState<Set<WebhookEventType>>(new Set(endpoint.eventTypes as WebhookEventType[]));
  const [urlError, setUrlError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      updateEndpoint(groupId, endpoint.id, {
        url: url.trim(),
        description,
        eventTypes: [...types],
        enabled: endpoint.enabled,
      }),
    onSuccess: async () => {
      snackbar.show('integrations.webhooks.saved', 'success');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.webhooks(groupId) });
      onClose();
    },
    onError: (err) => {
      const key = integrationsErrorKey(err);
      if (key.startsWith('integrations.errors.url')) setUrlError(key);
      else snackbar.show(key);
    },
  });
  const submit = () => {
    const ok = WebhookEndpointCreate.safeParse({ url: url.trim() }).success;
    setUrlError(ok ? null : 'integrations.errors.url');
    if (ok) save.mutate();
  };
  const toggle = (type: WebhookEventType) => {
    const next = new Set(types);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    setTypes(next);
  };

  return (
    <SettingsFormDialog
      titleId={`webhook-edit-${endpoint.id}`}
      title={t('integrations.webhooks.editTitle')}
      width="sm"
      fullScreenBelow="sm"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="settings.save"
      submitting={save.isPending}
      contentSx={{ display: 'grid', gap: 2, pt: 1 }}
    >
      <TextField
        label={t('integrations.webhooks.url')}
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          setUrlError(null);
        }}
        error={urlError !== null}
        helperText={t(urlError ?? 'integrations.webhooks.urlHelp')}
        slotProps={{ htmlInput: { inputMode: 'url' } }}
        sx={{ mt: 1 }}
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
    </SettingsFormDialog>
  );
}
