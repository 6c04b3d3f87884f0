import { useCallback, useEffect, useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { clampPan, clampZoom } from './frame-size';

/** One full turn per this many widths of drag. */
const TURN_PER_WIDTH = 1.2;
/** Velocity kept per 16 ms of inertia; below the floor (frames per ms) the spin stops. */
const FRICTION = 0.94;
const VELOCITY_FLOOR = 0.004;

interface Options {
  box: RefObject<HTMLDivElement | null>;
  count: number;
  enabled: boolean;
  zoom: number;
  /** Moves the spin by a number of frames (fractions accumulate). */
  rotate: (frames: number) => void;
  setZoom: (zoom: number) => void;
  setPan: (update: (pan: { x: number; y: number }) => { x: number; y: number }) => void;
  onInteract: () => void;
  onKey: (key: string) => boolean;
}

/**
 * Drag and swipe with inertia, pinch and wheel zoom, and keys, on the spin's box. Drag spins at zoom 1
 * and pans when zoomed.
 */
export function useSpinGestures(o: Options) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const last = useRef<{ x: number; t: number; v: number }>({ x: 0, t: 0, v: 0 });
  const raf = useRef<number | null>(null);
  const live = useRef(o);
  useEffect(() => {
    live.current = o;
  });

  const stopInertia = useCallback(() => {
    if (raf.current !== null) cancelAnimationFrame(raf.current);
    raf.current = null;
  }, []);
  useEffect(() => stopInertia, [stopInertia]);

  const framesPerPixel = () => live.current.count / ((live.current.box.current?.clientWidth ?? 1) * TURN_PER_WIDTH);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!live.current.enabled) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    stopInertia();
    live.current.onInteract();
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    last.current = { x: e.clientX, t: e.timeStamp, v: 0 };
    pinch.current = pointers.current.size === 2 ? { distance: distance(), zoom: live.current.zoom } : null;
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const { zoom, rotate, setZoom, setPan, box } = live.current;
    if (pinch.current && pointers.current.size === 2) {
      setZoom(clampZoom((pinch.current.zoom * distance()) / (pinch.current.distance || 1)));
      return;
    }
    const dx = e.clientX - prev.x;
    const dy = e.clientY - prev.y;
    if (zoom > 1) {
      const size = { width: box.current?.clientWidth ?? 0, height: box.current?.clientHeight ?? 0 };
      setPan((p) => clampPan({ x: p.x + dx, y: p.y + dy }, zoom, size));
      return;
    }
    const frames = -dx * framesPerPixel();
    rotate(frames);
    const dt = Math.max(1, e.timeStamp - last.current.t);
    // Smoothed velocity in frames per ms, so one jittery event does not decide the throw.
    last.current = { x: e.clientX, t: e.timeStamp, v: 0.6 * (frames / dt) + 0.4 * last.current.v };
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(e.pointerId)) return;
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size > 0 || live.current.zoom > 1) return;
    let v = e.timeStamp - last.current.t > 80 ? 0 : last.current.v;
    let then = performance.now();
    const step = (now: number) => {
      const dt = now - then;
      then = now;
      live.current.rotate(v * dt);
      v *= FRICTION ** (dt / 16);
      raf.current = Math.abs(v) > VELOCITY_FLOOR ? requestAnimationFrame(step) : null;
    };
    if (Math.abs(v) > VELOCITY_FLOOR) raf.current = requestAnimationFrame(step);
  };

  // React's wheel listener is passive; zooming must stop the page from scrolling, so bind it natively.
  useEffect(() => {
    const el = o.box.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!live.current.enabled) return;
      e.preventDefault();
      live.current.onInteract();
      const next = clampZoom(live.current.zoom * Math.exp(-e.deltaY * 0.0015));
      live.current.setZoom(next);
      if (next === 1) live.current.setPan(() => ({ x: 0, y: 0 }));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [o.box]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!live.current.enabled) return;
    if (live.current.onKey(e.key)) {
      e.preventDefault();
      stopInertia();
      live.current.onInteract();
    }
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown };
}
