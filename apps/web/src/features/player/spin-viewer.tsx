import type { FrameWidth, PlayerFrame } from '@forecourt/contracts';
import { PLAYER_STATIC_FRAME_ID, SPIN_SIZES } from '@forecourt/contracts/player-media';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampZoom, pickFrameWidth, wrapFrame } from './frame-size';
import { frameSrcSet, frameUrl, useFrameLoader } from './use-frame-loader';
import { SpinControls } from './spin-controls';
import { useSpinGestures } from './use-spin-gestures';

/** One autoplay turn lasts about this long. */
const AUTOPLAY_TURN_MS = 3600;

/**
 * The 360 spin: frames loaded first-frame-first at the size the screen needs, turned by drag, swipe,
 * arrow keys and one autoplay turn; zoomed by wheel, pinch or buttons; fullscreen. For assistive
 * technology it is a slider over the frames.
 */
export function SpinViewer({ playerRef, frames }: { playerRef: string; frames: PlayerFrame[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const shell = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const count = frames.length;
  const [minWidth, setMinWidth] = useState<FrameWidth | null>(null);
  const position = useRef(0);
  const [frame, setFrame] = useState(0);
  const [zoom, setZoomState] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [fullscreen, setFullscreen] = useState(false);
  // One turn of autoplay once every frame is there, unless the visitor prefers less motion.
  const [autoplay, setAutoplay] = useState(() => !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

  // The least variant width the box needs; it only grows, so turning a phone never reloads smaller frames.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const w = pickFrameWidth(el.clientWidth, window.devicePixelRatio || 1);
      setMinWidth((current) => (current && current >= w ? current : w));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { width, loaded, failed } = useFrameLoader(playerRef, frames, minWidth);
  const ready = loaded === count;

  // The server draws the first frame in the page (player-page.ts) so it shows before the scripts run; it
  // lies over this one until this one has loaded (onLoad below), or the frames cannot load, or the viewer goes.
  useEffect(() => {
    if (failed) removeStaticFrame();
    return removeStaticFrame;
  }, [failed]);

  const rotate = useCallback(
    (by: number) => {
      position.current += by;
      setFrame(wrapFrame(position.current, count));
    },
    [count],
  );
  // Home and End go to a frame by its index, not by a step from the rendered one: an autoplay tick may
  // have moved the position since the last render.
  const goTo = useCallback((index: number) => {
    position.current = index;
    setFrame(index);
  }, []);
  const setZoom = useCallback((z: number) => {
    const next = clampZoom(z);
    setZoomState(next);
    if (next === 1) setPan({ x: 0, y: 0 });
  }, []);
  // The turn's timer is cleared at once, not when React next commits: a tick between the visitor's key and
  // that commit would otherwise move the frame they just chose.
  const autoplayTimer = useRef<number | undefined>(undefined);
  const stopAutoplay = useCallback(() => {
    window.clearInterval(autoplayTimer.current);
    setAutoplay(false);
  }, []);
  const startAutoplay = useCallback(() => setAutoplay(true), []);
  // Static for the viewer's life: not rendered again on every frame of a turn.
  const help = useMemo(
    () => (
      <Typography id={helpId} sx={visuallyHidden}>
        {t('publicPlayer.spin.instructions')}
      </Typography>
    ),
    [helpId, t],
  );

  useEffect(() => {
    if (!ready || !autoplay || count < 2) return;
    let steps = 0;
    const timer = window.setInterval(() => {
      steps += 1;
      rotate(1);
      if (steps >= count) {
        window.clearInterval(timer);
        setAutoplay(false);
      }
    }, AUTOPLAY_TURN_MS / count);
    autoplayTimer.current = timer;
    return () => window.clearInterval(timer);
  }, [ready, autoplay, count, rotate]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === shell.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void shell.current?.requestFullscreen?.();
  }, []);

  const gestures = useSpinGestures({
    box,
    count,
    enabled: ready,
    zoom,
    rotate,
    setZoom,
    setPan,
    onInteract: stopAutoplay,
    onKey: (key) => {
      if (key === 'ArrowRight') rotate(1);
      else if (key === 'ArrowLeft') rotate(-1);
      else if (key === 'Home') goTo(0);
      else if (key === 'End') goTo(count - 1);
      else if (key === '+' || key === '=' || key === 'ArrowUp') setZoom(zoom * 1.25);
      else if (key === '-' || key === 'ArrowDown') setZoom(zoom / 1.25);
      else if (key === '0') setZoom(1);
      else if (key === 'f' || key === 'F') toggleFullscreen();
      else return false;
      return true;
    },
  });

  const first = frames[0]!;
  return (
    <Box
      ref={shell}
      sx={{
        position: 'relative',
        bgcolor: fullscreen ? 'common.black' : 'transparent',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
    >
      <Box
        ref={box}
        role="slider"
        tabIndex={0}
        aria-label={t('publicPlayer.spin.label')}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={frame + 1}
        aria-valuetext={t('publicPlayer.spin.valueText', { current: frame + 1, total: count })}
        aria-describedby={helpId}
        aria-busy={!ready}
        data-frame={frame}
        data-zoom={zoom.toFixed(2)}
        {...gestures}
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: `${first.width} / ${first.height}`,
          maxHeight: fullscreen ? '100vh' : undefined,
          overflow: 'hidden',
          touchAction: zoom > 1 ? 'none' : 'pan-y',
          cursor: ready ? (zoom > 1 ? 'move' : 'grab') : 'progress',
          userSelect: 'none',
          borderRadius: fullscreen ? 0 : 1,
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {/* Until the loader knows the width, the first frame comes through the srcset the page preloads. */}
        <img
          src={width ? frameUrl(playerRef, frames, ready ? frame : 0, width) : undefined}
          srcSet={width ? undefined : frameSrcSet(playerRef, frames, 0)}
          sizes={width ? undefined : SPIN_SIZES}
          alt=""
          width={first.width}
          height={first.height}
          draggable={false}
          fetchPriority="high"
          onLoad={removeStaticFrame}
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            display: 'block',
            transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`,
            transition: 'transform 60ms linear',
            pointerEvents: 'none',
          }}
        />
      </Box>
      {help}
      {!ready && !failed && (
        <LinearProgress
          variant="determinate"
          value={(loaded / count) * 100}
          aria-label={t('publicPlayer.spin.loading', { loaded, total: count })}
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}
        />
      )}
      {failed && (
        <Typography color="error" role="alert" sx={{ p: 1 }}>
          {t('publicPlayer.spin.loadError')}
        </Typography>
      )}
      <SpinControls
        ready={ready}
        autoplay={autoplay}
        zoom={zoom}
        fullscreen={fullscreen}
        onPlay={startAutoplay}
        setZoom={setZoom}
        onFullscreen={toggleFullscreen}
      />
    </Box>
  );
}

const removeStaticFrame = () => document.getElementById(PLAYER_STATIC_FRAME_ID)?.remove();

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
