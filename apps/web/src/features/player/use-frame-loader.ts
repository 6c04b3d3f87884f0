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

/** Loads an image (from a srcset when one is given) and resolves with the URL the browser chose. */
async function load(src: string | { srcset: string; sizes: string }): Promise<string> {
  const img = new Image();
  img.decoding = 'async';
  if (typeof src === 'string') img.src = src;
  else {
    img.sizes = src.sizes;
    img.srcset = src.srcset;
  }
  // decode() resolves once the pixels are ready, so switching to this frame never flashes.
  await img.decode().catch(
    () =>
      new Promise<void>((resolve, reject) => {
        if (img.complete && img.naturalWidth) resolve();
        img.onload = () => resolve();
        img.onerror = () => reject(new Error(`frame ${img.currentSrc || img.src} failed`));
      }),
  );
  return img.currentSrc || img.src;
}

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
 * one failed. Progress reaches React at most once per animation frame: 36 frames make a few renders.
 */
export function useFrameLoader(ref: string, frames: PlayerFrame[], minWidth: FrameWidth | null) {
  const [state, setState] = useState<LoaderState>({ key: '', width: null, loaded: 0, failed: false });
  const key = minWidth ? `${ref}:${minWidth}:${frames.length}` : '';

  useEffect(() => {
    if (!minWidth || frames.length === 0) return;
    let live = true;
    let pending = 0;
    const publish = (next: LoaderState) => {
      if (!live) return;
      cancelAnimationFrame(pending);
      if (next.loaded <= 1 || next.loaded === frames.length || next.failed) setState(next);
      else pending = requestAnimationFrame(() => live && setState(next));
    };
    void (async () => {
      let width: FrameWidth = minWidth;
      let loaded = 0;
      try {
        const chosen = widthOfFrameUrl(await load({ srcset: frameSrcSet(ref, frames, 0), sizes: SPIN_SIZES }));
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
            load(frameUrl(ref, frames, i, width)).then(() => {
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
