import type { FrameWidth, PlayerDamage, PlayerFrame } from '@forecourt/contracts';
import { PLAYER_STATIC_FRAME_ID, SPIN_SIZES } from '@forecourt/contracts/player-media';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackFrame } from './engagement-beacon';
import { clampZoom, pickFrameWidth, wrapFrame } from './frame-size';
import { frameSrcSet, frameUrl, useFrameLoader } from './use-frame-loader';
import { SpinControls } from './spin-controls';
import { DamageDialog, DamageList, SpinHotspots } from './spin-hotspots';
import { useSpinGestures } from './use-spin-gestures';
import css from './player.module.css';

/** One autoplay turn lasts about this long. */
const AUTOPLAY_TURN_MS = 3600;

/**
 * The 360 spin: frames loaded first-frame-first at the size the screen needs, turned by drag, swipe,
 * arrow keys and one autoplay turn; zoomed by wheel, pinch or buttons; fullscreen. For assistive
 * technology it is a slider over the frames. `onShown` runs once, when its first frame shows (or the
 * frames cannot load). When the dealer's link shows them, the damages are numbered buttons on the frames
 * they were placed on (at zoom 1, out of full screen, where their spots match the frame) and a list below,
 * and edited frames carry a label.
 */
export function SpinViewer({
  playerRef,
  frames,
  damages = NONE,
  editedFrames = NO_FRAMES,
  onShown,
}: {
  playerRef: string;
  frames: PlayerFrame[];
  damages?: PlayerDamage[];
  editedFrames?: number[];
  onShown?: () => void;
}) {
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
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Measured by the observer, which reports the first size after the browser's own layout: reading
    // clientWidth here would force that layout inside the first commit, on a phone a long task.
    const measure = (entries: ResizeObserverEntry[]) => {
      const w = pickFrameWidth(entries[0]?.contentRect.width ?? el.clientWidth, window.devicePixelRatio || 1);
      setMinWidth((current) => (current && current >= w ? current : w));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { width, loaded, failed } = useFrameLoader(playerRef, frames, minWidth);
  const ready = loaded === count;
  const [openDamage, setOpenDamage] = useState<PlayerDamage | null>(null);
  const shownFrame = ready ? frame : 0;
  const frameDamages = useMemo(() => damages.filter((d) => d.frame === shownFrame), [damages, shownFrame]);
  const edited = editedFrames.includes(shownFrame);
  useEffect(() => {
    if (ready) trackFrame(shownFrame);
  }, [ready, shownFrame]);

  // The server draws the first frame in the page (player-page.ts) so it shows before the scripts run; it
  // lies over this one until this one has loaded (onLoad below), or the frames cannot load, or the viewer goes.
  const shown = useRef({ done: false, onShown });
  useEffect(() => {
    shown.current.onShown = onShown;
  });
  const onFirstLoad = useCallback(() => {
    removeStaticFrame();
    if (shown.current.done) return;
    shown.current.done = true;
    shown.current.onShown?.();
  }, []);
  useEffect(() => {
    if (failed) onFirstLoad();
    return removeStaticFrame;
  }, [failed, onFirstLoad]);

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
      <p id={helpId} className={css.visuallyHidden}>
        {t('publicPlayer.spin.instructions')}
      </p>
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
    <div ref={shell} className={fullscreen ? `${css.spin} ${css.spinFullscreen}` : css.spin}>
      <div className={css.spinStage}>
        <div
          ref={box}
          role="slider"
          tabIndex={0}
          aria-label={t('publicPlayer.spin.label')}
          aria-valuemin={1}
          aria-valuemax={count}
          aria-valuenow={frame + 1}
          aria-valuetext={[
            t('publicPlayer.spin.valueText', { current: frame + 1, total: count }),
            ...(frameDamages.length > 0 ? [t('publicPlayer.damages.onFrame', { count: frameDamages.length })] : []),
            ...(edited ? [t('publicPlayer.edited')] : []),
          ].join(', ')}
          aria-describedby={helpId}
          aria-busy={!ready}
          data-frame={frame}
          data-zoom={zoom.toFixed(2)}
          {...gestures}
          className={css.spinBox}
          style={{
            aspectRatio: `${first.width} / ${first.height}`,
            touchAction: zoom > 1 ? 'none' : 'pan-y',
            cursor: ready ? (zoom > 1 ? 'move' : 'grab') : 'progress',
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
            onLoad={onFirstLoad}
            className={css.spinImage}
            style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}
          />
        </div>
        {edited && (
          <span
            className={css.editedLabel}
            title={t('publicPlayer.editedHint')}
            aria-hidden="true"
            data-testid="player-edited-label"
          >
            {t('publicPlayer.edited')}
          </span>
        )}
        {zoom === 1 && !fullscreen && frameDamages.length > 0 && (
          <SpinHotspots damages={frameDamages} all={damages} onOpen={setOpenDamage} />
        )}
      </div>
      {help}
      {!ready && !failed && (
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round((loaded / count) * 100)}
          aria-label={t('publicPlayer.spin.loading', { loaded, total: count })}
          className={css.progress}
        >
          <div className={css.progressBar} style={{ transform: `scaleX(${loaded / count})` }} />
        </div>
      )}
      {failed && (
        <p role="alert" className={css.error}>
          {t('publicPlayer.spin.loadError')}
        </p>
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
      {damages.length > 0 && (
        <DamageList
          damages={damages}
          onOpen={(d) => {
            stopAutoplay();
            goTo(d.frame);
            setOpenDamage(d);
          }}
        />
      )}
      {openDamage && (
        <DamageDialog
          damage={openDamage}
          number={damages.indexOf(openDamage) + 1}
          onClose={() => setOpenDamage(null)}
        />
      )}
    </div>
  );
}

const NONE: PlayerDamage[] = [];
const NO_FRAMES: number[] = [];

const removeStaticFrame = () => document.getElementById(PLAYER_STATIC_FRAME_ID)?.remove();
