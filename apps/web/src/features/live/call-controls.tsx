import CallEndIcon from '@mui/icons-material/CallEnd';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import PeopleIcon from '@mui/icons-material/People';
import ScreenShareIcon from '@mui/icons-material/ScreenShare';
import SettingsIcon from '@mui/icons-material/Settings';
import StopScreenShareIcon from '@mui/icons-material/StopScreenShare';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ControlTooltip } from './control-tooltip';
import type { LocalMedia } from './hooks/use-local-media';
import { MediaToggles } from './media-toggles';

interface Props {
  media: LocalMedia;
  sharing: boolean;
  onScreen: () => void;
  panelOpen: boolean;
  onPanel: () => void;
  onSettings: () => void;
  /** Shown to the host of a room about a vehicle. */
  spin: { shown: boolean; toggle: () => void } | null;
  /** Shown to the room's signed-in dealer: recording needs the SFU driver (`available`), else it is disabled with the reason. */
  recording: { on: boolean; available: boolean; busy: boolean; toggle: () => void } | null;
  onHangUp: () => void;
}

/** The call's buttons: mic, camera, screen share, vehicle, recording, participants, settings, hang up. */
export function CallControls({
  media,
  sharing,
  onScreen,
  panelOpen,
  onPanel,
  onSettings,
  spin,
  recording,
  onHangUp,
}: Props) {
  const { t } = useTranslation();
  const canShare = typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  return (
    // Eight buttons (the host of a room about a vehicle) at 40 px with 8 px gaps are 392 px: on a 390 px phone the
    // gaps narrow, and a narrower screen wraps them rather than scrolling the page sideways.
    <Stack
      direction="row"
      spacing={{ xs: 0.5, sm: 1 }}
      useFlexGap
      sx={{
        justifyContent: 'center',
        flexWrap: 'wrap',
        p: 1,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
      role="toolbar"
      aria-label={t('rooms.controls.label')}
    >
      <MediaToggles media={media} />
      {canShare && (
        <ControlTooltip title={sharing ? t('rooms.controls.stopScreen') : t('rooms.controls.shareScreen')}>
          <IconButton
            aria-label={t('rooms.controls.screen')}
            aria-pressed={sharing}
            onClick={onScreen}
            color={sharing ? 'primary' : 'default'}
          >
            {sharing ? <StopScreenShareIcon /> : <ScreenShareIcon />}
          </IconButton>
        </ControlTooltip>
      )}
      {spin && (
        <ControlTooltip title={spin.shown ? t('rooms.vehicle.hide') : t('rooms.vehicle.show')}>
          <IconButton
            aria-label={t('rooms.vehicle.button')}
            aria-pressed={spin.shown}
            onClick={spin.toggle}
            color={spin.shown ? 'primary' : 'default'}
          >
            <DirectionsCarIcon />
          </IconButton>
        </ControlTooltip>
      )}
      {recording?.available && (
        <ControlTooltip title={recording.on ? t('rooms.recording.stop') : t('rooms.recording.start')}>
          <IconButton
            aria-label={t('rooms.recording.button')}
            aria-pressed={recording.on}
            disabled={recording.busy}
            onClick={recording.toggle}
            sx={{ color: recording.on ? 'error.main' : undefined }}
          >
            <FiberManualRecordIcon />
          </IconButton>
        </ControlTooltip>
      )}
      {recording && !recording.available && (
        // Disabled, with its reason: in the tooltip (on the span, as a disabled button gets no pointer events) and for screen readers.
        <ControlTooltip title={t('rooms.recording.needsSfu')} describeChild>
          <span>
            <IconButton aria-label={t('rooms.recording.button')} aria-describedby="recording-needs-sfu" disabled>
              <FiberManualRecordIcon />
            </IconButton>
            <span id="recording-needs-sfu" hidden>
              {t('rooms.recording.needsSfu')}
            </span>
          </span>
        </ControlTooltip>
      )}
      <ControlTooltip title={t('rooms.controls.participants')}>
        <IconButton aria-label={t('rooms.controls.participants')} aria-pressed={panelOpen} onClick={onPanel}>
          <PeopleIcon />
        </IconButton>
      </ControlTooltip>
      <ControlTooltip title={t('rooms.settings.title')}>
        <IconButton aria-label={t('rooms.settings.title')} onClick={onSettings}>
          <SettingsIcon />
        </IconButton>
      </ControlTooltip>
      <ControlTooltip title={t('rooms.controls.hangUp')}>
        <IconButton
          aria-label={t('rooms.controls.hangUp')}
          onClick={onHangUp}
          sx={{ bgcolor: 'error.main', color: 'common.white', '&:hover': { bgcolor: 'error.dark' } }}
        >
          <CallEndIcon />
        </IconButton>
      </ControlTooltip>
    </Stack>
  );
}
