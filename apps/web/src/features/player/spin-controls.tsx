import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import ThreeSixtyIcon from '@mui/icons-material/ThreeSixty';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ZOOM_MAX, ZOOM_MIN } from './frame-size';

interface Props {
  ready: boolean;
  autoplay: boolean;
  zoom: number;
  fullscreen: boolean;
  onPlay: () => void;
  setZoom: (zoom: number) => void;
  onFullscreen: () => void;
}

/**
 * The spin's buttons: one autoplay turn, zoom in and out, fullscreen. Memoized: turning the spin (every
 * frame of a drag or of the autoplay) does not render them again.
 */
export const SpinControls = memo(function SpinControls({
  ready,
  autoplay,
  zoom,
  fullscreen,
  onPlay,
  setZoom,
  onFullscreen,
}: Props) {
  const { t } = useTranslation();
  const fullscreenLabel = t(fullscreen ? 'publicPlayer.spin.exitFullscreen' : 'publicPlayer.spin.fullscreen');
  return (
    <Box
      sx={{
        position: 'absolute',
        top: 8,
        right: 8,
        display: 'flex',
        gap: 0.5,
        bgcolor: 'rgba(255,255,255,0.8)',
        borderRadius: 2,
      }}
    >
      <IconButton
        aria-label={t('publicPlayer.spin.play')}
        title={t('publicPlayer.spin.play')}
        disabled={!ready || autoplay}
        onClick={onPlay}
        size="small"
      >
        <ThreeSixtyIcon fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={t('publicPlayer.spin.zoomIn')}
        title={t('publicPlayer.spin.zoomIn')}
        disabled={!ready || zoom >= ZOOM_MAX}
        onClick={() => setZoom(zoom * 1.25)}
        size="small"
      >
        <ZoomInIcon fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={t('publicPlayer.spin.zoomOut')}
        title={t('publicPlayer.spin.zoomOut')}
        disabled={!ready || zoom <= ZOOM_MIN}
        onClick={() => setZoom(zoom / 1.25)}
        size="small"
      >
        <ZoomOutIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={fullscreenLabel} title={fullscreenLabel} onClick={onFullscreen} size="small">
        {fullscreen ? <FullscreenExitIcon fontSize="small" /> : <FullscreenIcon fontSize="small" />}
      </IconButton>
    </Box>
  );
});
