import { createRequire } from 'node:module';
import type * as OpenCv from '@techstark/opencv-js';

export type Cv = typeof OpenCv;
export type Mat = InstanceType<Cv['Mat']>;

// The emscripten module has a `then` of its own, so a promise resolved with it would never settle:
// we keep it in a box and resolve the promise with the box.
let loading: Promise<{ cv: Cv }> | null = null;

/** The OpenCV WebAssembly runtime, compiled once per process (about a second). */
export function loadCv(): Promise<{ cv: Cv }> {
  loading ??= new Promise<{ cv: Cv }>((resolve) => {
    const cv = requireWithoutProcessHooks();
    if (typeof cv.Mat === 'function') resolve({ cv });
    else cv.onRuntimeInitialized = () => resolve({ cv });
  });
  return loading;
}

// The emscripten glue installs process-wide handlers that abort on any unhandled rejection and rethrow
// every uncaught exception with its whole source; the server keeps its own handling instead.
function requireWithoutProcessHooks(): Cv & { onRuntimeInitialized?: () => void } {
  const events = ['uncaughtException', 'unhandledRejection'] as const;
  const before = events.map((e) => new Set(process.listeners(e)));
  const cv = createRequire(import.meta.url)('@techstark/opencv-js') as Cv & { onRuntimeInitialized?: () => void };
  events.forEach((e, i) => {
    for (const listener of process.listeners(e)) if (!before[i]!.has(listener)) process.removeListener(e, listener);
  });
  return cv;
}

/** Runs `work` and frees every Mat it registered, whether it returns or throws. */
export function withMats<T>(work: (track: <M extends { delete(): void }>(m: M) => M) => T): T {
  const mats: { delete(): void }[] = [];
  try {
    return work((m) => {
      mats.push(m);
      return m;
    });
  } finally {
    for (const m of mats) m.delete();
  }
}
