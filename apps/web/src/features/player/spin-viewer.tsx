import type { FrameWidth, PlayerFrame } from '@forecourt/contracts';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import ThreeSixtyIcon from '@mui/icons-material/ThreeSixty';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampZoom, pickFrameWidth, wrapFrame } from './frame-size';
import { useFrameLoader, frameUrl } from './use-frame-loader';
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
  const [width, setWidth] = useState<FrameWidth | null>(null);
  const position = useRef(0);
  const [frame, setFrame] = useState(0);
  const [zoom, setZoomState] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [fullscreen, setFullscreen] = useState(false);
  // One turn of autoplay once every frame is there, unless the visitor prefers less motion.
  const [autoplay, setAutoplay] = useState(() => !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

  // The variant width follows the box; it only grows, so turning a phone never reloads smaller frames.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const w = pickFrameWidth(el.clientWidth, window.devicePixelRatio || 1);
      setWidth((current) => (current && current >= w ? current : w));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { loaded, failed } = useFrameLoader(playerRef, frames, width);
  const ready = loaded === count;

  const rotate = useCallback(
    (by: number) => {
      position.current += by;
      setFrame(wrapFrame(position.current, count));
    },
    [count],
  );
  const setZoom = useCallback((z: number) => {
    const next = clampZoom(z);
    setZoomState(next);
    if (next === 1) setPan({ x: 0, y: 0 });
  }, []);
  const stopAutoplay = useCallback(() => setAutoplay(false), []);

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
    return () => window.clearInterval(timer);
  }, [ready, autoplay, count, rotate]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === shell.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void shell.current?.requestFullscreen?.();
  };

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
      else if (key === 'Home') rotate(-frame);
      else if (key === 'End') rotate(count - 1 - frame);
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
    <Box ref={shell} sx={{ position: 'relative', bgcolor: fullscreen ? 'common.black' : 'transparent', display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
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
        {width && (
          <img
            src={frameUrl(playerRef, frames, ready ? frame : 0, width)}
            alt=""
            width={first.width}
            height={first.height}
            draggable={false}
            fetchPriority="high"
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
        )}
      </Box>
      <Typography id={helpId} sx={visuallyHidden}>
        {t('publicPlayer.spin.instructions')}
      </Typography>
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
      <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'rgba(255,255,255,0.8)', borderRadius: 2 }}>
        <IconButton aria-label={t('publicPlayer.spin.play')} title={t('publicPlayer.spin.play')} disabled={!ready || autoplay} onClick={() => setAutoplay(true)} size="small">
              <ThreeSixtyIcon fontSize="small" />
            </IconButton>
        <IconButton aria-label={t('publicPlayer.spin.zoomIn')} title={t('publicPlayer.spin.zoomIn')} disabled={!ready || zoom >= 4} onClick={() => setZoom(zoom * 1.25)} size="small">
              <ZoomInIcon fontSize="small" />
            </IconButton>
        <IconButton aria-label={t('publicPlayer.spin.zoomOut')} title={t('publicPlayer.spin.zoomOut')} disabled={!ready || zoom <= 1} onClick={() => setZoom(zoom / 1.25)} size="small">
              <ZoomOutIcon fontSize="small" />
            </IconButton>
        <IconButton aria-label={t(fullscreen ? 'publicPlayer.spin.exitFullscreen' : 'publicPlayer.spin.fullscreen')} title={t(fullscreen ? 'publicPlayer.spin.exitFullscreen' : 'publicPlayer.spin.fullscreen')} onClick={toggleFullscreen} size="small">
            {fullscreen ? <FullscreenExitIcon fontSize="small" /> : <FullscreenIcon fontSize="small" />}
          </IconButton>
      </Stack>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
