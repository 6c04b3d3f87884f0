import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { LiveRoomInfo } from '@forecourt/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../components/back-button';
import { DeviceDialog } from './device-dialog';
import type { LocalMedia } from './hooks/use-local-media';
import { MediaToggles } from './media-toggles';
import { MicLevelMeter } from './mic-level-meter';
import { VideoView } from './video-view';

/** Before joining: the camera, the toggles, the mic level, the devices and join (once both tracks exist); `presence`: who is in the call. */
export function RoomPreview({
  room,
  media,
  failed,
  onJoin,
  presence,
}: {
  room: LiveRoomInfo;
  media: LocalMedia;
  failed: boolean;
  onJoin: () => void;
  presence?: ReactNode;
}) {
  const { t } = useTranslation();
  const [devicesOpen, setDevicesOpen] = useState(false);
  const ready = Boolean(media.stream?.getVideoTracks().length && media.stream.getAudioTracks().length);
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto', p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BackButton to="/videos/live/rooms" />
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {room.session_name}
        </Typography>
        {room.logoUrl && (
          // The dealer's logo keeps a light surface of its own: drawn for a light page, its dark text all but
          // vanished on the dark theme.
          <Box
            component="img"
            src={room.logoUrl}
            alt={room.ownerName}
            sx={{ maxHeight: 40, bgcolor: '#fff', px: 1, py: 0.5, borderRadius: 1.5, boxSizing: 'content-box' }}
          />
        )}
      </Stack>
      {failed && <Alert severity="error">{t('rooms.roomConnexionFailed')}</Alert>}
      <Paper variant="outlined" sx={{ aspectRatio: '3 / 2', overflow: 'hidden', position: 'relative' }}>
        <VideoView stream={media.stream} muted mirrored label={t('rooms.preview.self')} testId="preview-video" />
        {!media.videoOn && (
          <Typography
            sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'common.white' }}
          >
            {t('rooms.cameraIsOff')}
          </Typography>
        )}
      </Paper>
      {/* Unmounted (its AudioContext closed) by the click on join: the call view replaces the preview at once. */}
      <MicLevelMeter stream={media.stream} enabled={media.audioOn} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
        <MediaToggles media={media} />
        <Tooltip title={t('rooms.devices.title')}>
          <IconButton aria-label={t('rooms.devices.title')} onClick={() => setDevicesOpen(true)}>
            <SettingsIcon />
          </IconButton>
        </Tooltip>
        <Button variant="contained" size="large" onClick={onJoin} disabled={!ready}>
          {t('rooms.join')}
        </Button>
      </Stack>
      {presence}
      <DeviceDialog open={devicesOpen} onClose={() => setDevicesOpen(false)} media={media} />
    </Stack>
  );
}
