import type { PlayerFrame } from '@forecourt/contracts';
import { playerFramePath, type FrameFormat, type FrameWidth } from '@forecourt/contracts/player-media';
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

async function load(url: string): Promise<void> {
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  // decode() resolves once the pixels are ready, so switching to this frame never flashes.
  await img.decode().catch(
    () =>
      new Promise<void>((resolve, reject) => {
        if (img.complete && img.naturalWidth) resolve();
        img.onload = () => resolve();
        img.onerror = () => reject(new Error(`frame ${url} failed`));
      }),
  );
}

/**
 * Loads the spin's frames at one width: the first frame alone first (it is what the visitor sees at
 * once), then all the others in parallel. Returns how many are ready, and whether one failed.
 */
export function useFrameLoader(ref: string, frames: PlayerFrame[], width: FrameWidth | null) {
  const [state, setState] = useState({ key: '', loaded: 0, failed: false });
  const key = width ? `${ref}:${width}:${frames.length}` : '';

  useEffect(() => {
    if (!width || frames.length === 0) return;
    let live = true;
    let loaded = 0;
    const bump = () => {
      loaded += 1;
      if (live) setState({ key, loaded, failed: false });
    };
    const fail = () => live && setState((s) => ({ ...s, key, failed: true }));
    void (async () => {
      try {
        await load(frameUrl(ref, frames, 0, width));
        // Marks for the player benchmark: first frame shown, every frame ready.
        performance.mark('spin:first-frame');
        bump();
        await Promise.all(frames.slice(1).map((_f, i) => load(frameUrl(ref, frames, i + 1, width)).then(bump)));
        performance.mark('spin:all-frames');
      } catch {
        fail();
      }
    })();
    return () => {
      live = false;
    };
  }, [ref, frames, width, key]);

  return state.key === key ? { loaded: state.loaded, failed: state.failed } : { loaded: 0, failed: false };
}
