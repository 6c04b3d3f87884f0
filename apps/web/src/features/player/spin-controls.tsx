import { memo, type ReactNode } from 'react';
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

/** An icon button of the spin, named by its label for screen readers and, as a tooltip, for the mouse. */
function ControlButton(props: { label: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={css.control}
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
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
      <ControlButton label={t('publicPlayer.spin.play')} disabled={!ready || autoplay} onClick={onPlay}>
        <ThreeSixtyIcon />
      </ControlButton>
      <ControlButton
        label={t('publicPlayer.spin.zoomIn')}
        disabled={!ready || zoom >= ZOOM_MAX}
        onClick={() => setZoom(zoom * 1.25)}
      >
        <ZoomInIcon />
      </ControlButton>
      <ControlButton
        label={t('publicPlayer.spin.zoomOut')}
        disabled={!ready || zoom <= ZOOM_MIN}
        onClick={() => setZoom(zoom / 1.25)}
      >
        <ZoomOutIcon />
      </ControlButton>
      <ControlButton label={fullscreenLabel} onClick={onFullscreen}>
        <Fullscreen />
      </ControlButton>
    </div>
  );
});
