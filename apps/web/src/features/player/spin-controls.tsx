import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ZOOM_MAX, ZOOM_MIN } from './frame-size';
import { FullscreenExitIcon, FullscreenIcon, ThreeSixtyIcon, ZoomInIcon, ZoomOutIcon } from './player-icons';
import css from './player.module.css';

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
  const Fullscreen = fullscreen ? FullscreenExitIcon : FullscreenIcon;
  return (
    <div className={css.controls}>
      <button
        type="button"
        className={css.control}
        aria-label={t('publicPlayer.spin.play')}
        title={t('publicPlayer.spin.play')}
        disabled={!ready || autoplay}
        onClick={onPlay}
      >
        <ThreeSixtyIcon />
      </button>
      <button
        type="button"
        className={css.control}
        aria-label={t('publicPlayer.spin.zoomIn')}
        title={t('publicPlayer.spin.zoomIn')}
        disabled={!ready || zoom >= ZOOM_MAX}
        onClick={() => setZoom(zoom * 1.25)}
      >
        <ZoomInIcon />
      </button>
      <button
        type="button"
        className={css.control}
        aria-label={t('publicPlayer.spin.zoomOut')}
        title={t('publicPlayer.spin.zoomOut')}
        disabled={!ready || zoom <= ZOOM_MIN}
        onClick={() => setZoom(zoom / 1.25)}
      >
        <ZoomOutIcon />
      </button>
      <button
        type="button"
        className={css.control}
        aria-label={fullscreenLabel}
        title={fullscreenLabel}
        onClick={onFullscreen}
      >
        <Fullscreen />
      </button>
    </div>
  );
});
