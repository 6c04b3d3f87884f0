import type { EngagementAlert } from '@forecourt/contracts';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from '../../components/snackbar';
import { dateTimeFormat } from '../../i18n/date-format';
import { callNow, getAlerts, markAlertsRead } from './engagement-api';
import { engagementKeys } from './engagement-keys';
import { alertWording } from './engagement-format';
import { useAlertStream } from './use-alert-stream';

const AlertSettingsDialog = lazy(() =>
  import('./alert-settings-dialog').then((m) => ({ default: m.AlertSettingsDialog })),
);

const detailPath = (a: EngagementAlert) => `/owners/${a.ownerId}/products/${a.productId}/shootings/${a.shootingId}`;

/**
 * The header's bell (issue 31): the notification centre of recipients who opened a personal link, pushed
 * at once by the alert stream, with "Call now" (a live room, its link sent to the recipient).
 */
export function AlertsBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [live, setLive] = useState<EngagementAlert | null>(null);
  const [settings, setSettings] = useState(false);
  // The moment the alerts are worded against, set when the centre opens or an alert arrives.
  const [now, setNow] = useState(() => Date.now());
  const alerts = useQuery({ queryKey: engagementKeys.alerts(), queryFn: getAlerts });
  useAlertStream(
    true,
    useCallback(
      (a: EngagementAlert) => {
        setNow(Date.now());
        setLive(a);
        // A panel on screen shows the new visit without waiting for its next refresh.
        void queryClient.invalidateQueries({ queryKey: engagementKeys.panels() });
      },
      [queryClient],
    ),
  );
  const read = useMutation({
    mutationFn: markAlertsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: engagementKeys.alerts() }),
  });
  const call = useMutation({
    mutationFn: (a: EngagementAlert) => callNow(a.id),
    onSuccess: (r) => {
      snackbar.show(r.sentBy === 'SMS' ? 'engagement.call.sentSms' : 'engagement.call.sentEmail', 'success');
      setAnchor(null);
      setLive(null);
      navigate(r.roomPath);
    },
    onError: () => snackbar.show('engagement.call.error'),
  });
  // An alert read hours later says "looked at", not "is looking at … now".
  const text = (a: EngagementAlert) =>
    t(`engagement.alert.${alertWording(a.createdAt, now)}`, {
      name: a.recipientName ?? t('engagement.alert.someone'),
      vehicle: a.vehicle,
    });
  const unread = alerts.data?.unread ?? 0;
  const callButton = (a: EngagementAlert) =>
    a.reachable !== 'NONE' && (
      <Button size="small" variant="contained" loading={call.isPending} onClick={() => call.mutate(a)}>
        {t('engagement.call.now')}
      </Button>
    );

  return (
    <>
      <Tooltip title={t('engagement.alert.centre')}>
        <IconButton
          color="inherit"
          aria-label={t('engagement.alert.bell', { count: unread })}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={Boolean(anchor)}
          onClick={(e) => {
            setNow(Date.now());
            setAnchor(e.currentTarget);
            if (unread > 0) read.mutate();
          }}
        >
          <Badge badgeContent={unread} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('engagement.alert.centre'),
            sx: { width: 'min(360px, 100vw - 16px)' },
          },
        }}
      >
        <Box sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('engagement.alert.centre')}
          </Typography>
          {alerts.data?.items.length === 0 && <Typography>{t('engagement.alert.none')}</Typography>}
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {alerts.data?.items.map((a) => (
              <Box component="li" key={a.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="body2" sx={{ fontWeight: a.read ? 400 : 700 }}>
                  {text(a)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {dayjs(a.createdAt).format(dateTimeFormat(i18n.language))} · {t(`engagement.device.${a.device}`)}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
                  <Button
                    size="small"
                    onClick={() => {
                      setAnchor(null);
                      navigate(detailPath(a));
                    }}
                  >
                    {t('engagement.alert.see')}
                  </Button>
                  {callButton(a)}
                </Box>
              </Box>
            ))}
          </Box>
          <Button sx={{ mt: 1 }} onClick={() => setSettings(true)}>
            {t('engagement.settings.open')}
          </Button>
        </Box>
      </Popover>
      <Snackbar
        open={live !== null}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        onClose={(_e, reason) => reason !== 'clickaway' && setLive(null)}
      >
        {live ? (
          <Alert
            severity="info"
            variant="filled"
            role="status"
            data-testid="live-alert"
            onClose={() => setLive(null)}
            action={callButton(live) || undefined}
          >
            {text(live)}
          </Alert>
        ) : undefined}
      </Snackbar>
      {settings && (
        <Suspense fallback={null}>
          <AlertSettingsDialog onClose={() => setSettings(false)} />
        </Suspense>
      )}
    </>
  );
}
