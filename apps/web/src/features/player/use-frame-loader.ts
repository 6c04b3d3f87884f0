import type { PlayerFrame } from '@forecourt/contracts';
import {
  FRAME_WIDTHS,
  playerFramePath,
  playerFrameSrcSet,
  SPIN_SIZES,
  type FrameFormat,
  type FrameWidth,
} from '@forecourt/contracts/player-media';
import { useEffect, useState } from 'react';

let webp: boolean | null = null;
/** Every browser of our targets decodes WebP, but an old one falls back to JPEG. */
export function frameFormat(): FrameFormat {
  if (webp === null) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    webp = canvas.toDataURL('image/webp').startsWith('data:image/webp');
  }
  return webp ? 'webp' : 'jpg';
}

export const frameUrl = (ref: string, frames: PlayerFrame[], index: number, width: FrameWidth): string =>
  playerFramePath(ref, index, frames[index]!, width, frameFormat());

export const frameSrcSet = (ref: string, frames: PlayerFrame[], index: number): string =>
  playerFrameSrcSet(ref, index, frames[index]!, frameFormat());

/** The variant width in a frame URL (…/frames/{index}/{width}.{format}). */
export const widthOfFrameUrl = (url: string): number | null => {
  const match = /\/frames\/\d+\/(\d+)\.\w+(\?|$)/.exec(url);
  return match ? Number(match[1]) : null;
};

/** Fetches an image (from a srcset when one is given): resolves once its bytes are in, not yet decoded. */
function fetchImage(src: string | { srcset: string; sizes: string }): Promise<HTMLImageElement> {
  const img = new Image();
  img.decoding = 'async';
  if (typeof src === 'string') img.src = src;
  else {
    img.sizes = src.sizes;
    img.srcset = src.srcset;
  }
  return new Promise((resolve, reject) => {
    if (img.complete && img.naturalWidth) resolve(img);
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`frame ${img.currentSrc || img.src} failed`));
  });
}

/**
 * Decodes an image, one at a time: decode() makes the pixels ready, so switching to the frame never
 * flashes, but 35 decodes at once take every core a phone has (the decoders' threads then starve the
 * page's main thread and its compositor: Lighthouse's mobile run counted their waits as blocking time).
 * Downloads still run in parallel; only the decodes queue, each a few milliseconds.
 */
let decodes: Promise<unknown> = Promise.resolve();
const decodeInTurn = (img: HTMLImageElement): Promise<void> => {
  const done = decodes.then(() => img.decode().catch(() => undefined));
  decodes = done;
  return done;
};

/** How many times the loading bar moves between the first frame and the last. */
const PROGRESS_STEPS = 6;

interface LoaderState {
  key: string;
  width: FrameWidth | null;
  loaded: number;
  failed: boolean;
}

/**
 * Loads the spin's frames: the first one alone first (it is what the visitor sees at once) through the
 * srcset the page preloads, so it is the preloaded file; then the others in parallel at that width,
 * or at `minWidth` when the box needs more. Returns the width, how many frames are ready, and whether
 * one failed. Progress reaches React in at most PROGRESS_STEPS steps (and at most once per animation
 * frame): each step renders the spin and commits a frame while the page is still starting, and on a busy
 * phone every such task may be held up (the bar's transition smooths the steps).
 */
export function useFrameLoader(ref: string, frames: PlayerFrame[], minWidth: FrameWidth | null) {
  const [state, setState] = useState<LoaderState>({ key: '', width: null, loaded: 0, failed: false });
  const key = minWidth ? `${ref}:${minWidth}:${frames.length}` : '';

  useEffect(() => {
    if (!minWidth || frames.length === 0) return;
    let live = true;
    let pending = 0;
    const step = Math.max(1, Math.ceil(frames.length / PROGRESS_STEPS));
    const publish = (next: LoaderState) => {
      const last = next.loaded <= 1 || next.loaded === frames.length || next.failed;
      if (!live || (!last && next.loaded % step !== 0)) return;
      cancelAnimationFrame(pending);
      if (last) setState(next);
      else pending = requestAnimationFrame(() => live && setState(next));
    };
    void (async () => {
      let width: FrameWidth = minWidth;
      let loaded = 0;
      try {
        const first = await fetchImage({ srcset: frameSrcSet(ref, frames, 0), sizes: SPIN_SIZES });
        await decodeInTurn(first);
        const chosen = widthOfFrameUrl(first.currentSrc || first.src);
        // Marks for the player benchmark: first frame shown, every frame ready.
        performance.mark('spin:first-frame');
        const usable = FRAME_WIDTHS.find((w) => w === chosen && w >= minWidth);
        if (usable) {
          width = usable;
          loaded = 1;
        }
        publish({ key, width, loaded, failed: false });
        const rest = frames.map((_f, i) => i).slice(loaded);
        await Promise.all(
          rest.map((i) =>
            fetchImage(frameUrl(ref, frames, i, width))
              .then(decodeInTurn)
              .then(() => {
                loaded += 1;
                publish({ key, width, loaded, failed: false });
              }),
          ),
        );
        performance.mark('spin:all-frames');
      } catch {
        publish({ key, width, loaded, failed: true });
      }
    })();
    return () => {
      live = false;
      cancelAnimationFrame(pending);
    };
  }, [ref, frames, minWidth, key]);

  return state.key === key ? state : { key, width: null, loaded: 0, failed: false };
}
