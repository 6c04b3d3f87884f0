import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@forecourt/contracts/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { dateTimeSecondsFormat } from '../../i18n/date-format';
import { fetchDeliveries, integrationsErrorKey, replayDelivery } from './integrations-api';
import { settingsKeys } from './settings-keys';

const STATUS_COLOUR = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

/** An endpoint's newest deliveries: each request (headers, body), every attempt's answer and duration, replay. */
export function WebhookDeliveries({ groupId, endpointId }: { groupId: string; endpointId: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const key = settingsKeys.deliveries(groupId, endpointId);
  // Deliveries go out in the background: the log looks again every few seconds while it is open.
  const log = useQuery({ queryKey: key, queryFn: () => fetchDeliveries(groupId, endpointId), refetchInterval: 3000 });
  const replay = useMutation({
    mutationFn: (d: WebhookDelivery) => replayDelivery(groupId, endpointId, d.id),
    onSuccess: async () => {
      snackbar.show('integrations.webhooks.replayed', 'success');
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => snackbar.show(integrationsErrorKey(err)),
  });
  const date = (iso: string) => dayjs(iso).format(dateTimeSecondsFormat(i18n.language));

  if (log.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (log.isError) return <Alert severity="error">{t('api.commonError')}</Alert>;
  if (!log.data.items.length) return <Alert severity="info">{t('integrations.webhooks.noDeliveries')}</Alert>;
  return (
    <Box
      component="ul"
      aria-label={t('integrations.webhooks.log')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      data-testid="webhook-deliveries"
    >
      {log.data.items.map((d) => (
        <Box component="li" key={d.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1, display: 'grid', gap: 0.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" color={STATUS_COLOUR[d.status]} label={t(`integrations.webhooks.status.${d.status}`)} />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {d.eventType}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {date(d.createdAt)}
            </Typography>
            <Button size="small" onClick={() => replay.mutate(d)} disabled={replay.isPending}>
              {t('integrations.webhooks.replay')}
            </Button>
          </Box>
          {d.attempts.map((a, n) => (
            <Typography variant="body2" key={n} sx={{ overflowWrap: 'anywhere' }}>
              {t('integrations.webhooks.attempt', {
                at: date(a.at),
                status: a.status ?? t('integrations.webhooks.noAnswer'),
                ms: a.durationMs,
              })}{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {a.response.slice(0, 200)}
              </Box>
            </Typography>
          ))}
          {d.nextAttemptAt && (
            <Typography variant="body2" color="text.secondary">
              {d.waitsForEarlier
                ? t('integrations.webhooks.waitsForEarlier')
                : t('integrations.webhooks.nextAttempt', { at: date(d.nextAttemptAt) })}
            </Typography>
          )}
          <Box component="details">
            <Box component="summary" sx={{ cursor: 'pointer' }}>
              <Typography variant="body2" component="span">
                {t('integrations.webhooks.request')}
              </Typography>
            </Box>
            <Box
              component="pre"
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontSize: 12,
                m: 0,
                p: 1,
                bgcolor: 'action.hover',
              }}
            >
              {Object.entries(d.request.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n')}
              {'\n\n'}
              {d.request.body}
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
