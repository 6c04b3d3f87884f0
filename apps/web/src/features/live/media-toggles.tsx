import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { ControlTooltip } from './control-tooltip';
import type { LocalMedia } from './hooks/use-local-media';

/** Microphone and camera on/off, as toggle buttons (aria-pressed says "on"). */
export function MediaToggles({ media, disabledVideo }: { media: LocalMedia; disabledVideo?: boolean }) {
  const { t } = useTranslation();
  const mic = media.audioOn ? t('rooms.controls.micOff') : t('rooms.controls.micOn');
  const cam = media.videoOn ? t('rooms.controls.cameraOff') : t('rooms.controls.cameraOn');
  return (
    <>
      <ControlTooltip title={mic}>
        <IconButton
          aria-label={t('rooms.controls.microphone')}
          aria-pressed={media.audioOn}
          onClick={media.toggleAudio}
          sx={{
            bgcolor: media.audioOn ? 'action.selected' : 'error.main',
            color: media.audioOn ? undefined : 'common.white',
            '&:hover': { bgcolor: media.audioOn ? 'action.hover' : 'error.dark' },
          }}
        >
          {media.audioOn ? <MicIcon /> : <MicOffIcon />}
        </IconButton>
      </ControlTooltip>
      <ControlTooltip title={cam}>
        <span>
          <IconButton
            aria-label={t('rooms.controls.camera')}
            aria-pressed={media.videoOn}
            onClick={media.toggleVideo}
            disabled={disabledVideo}
            sx={{
              bgcolor: media.videoOn ? 'action.selected' : 'error.main',
              color: media.videoOn ? undefined : 'common.white',
              '&:hover': { bgcolor: media.videoOn ? 'action.hover' : 'error.dark' },
            }}
          >
            {media.videoOn ? <VideocamIcon /> : <VideocamOffIcon />}
          </IconButton>
        </span>
      </ControlTooltip>
    </>
  );
}
