import sharp from 'sharp';

// A composition holds several full-size copies of an 8 MP picture: the worker composes one picture at a
// time, whatever its concurrency, so memory stays flat. It runs on one libvips thread (sharp's setting is
// the process's: other picture work started meanwhile gets one thread too): the segmenter, at the lowest
// priority, would otherwise lose both cores to it for a second per picture, and the API keeps a core.
let cropping: Promise<unknown> = Promise.resolve();

/** Runs a composition once the previous one has ended, on one libvips thread. */
export function oneCropAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = cropping.then(async () => {
    const threads = sharp.concurrency();
    sharp.concurrency(1);
    try {
      return await work();
    } finally {
      sharp.concurrency(threads);
    }
  });
  cropping = run.catch(() => undefined);
  return run;
}
