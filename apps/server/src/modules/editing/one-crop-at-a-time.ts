import sharp from 'sharp';
import { pixelGate } from '../../platform/pixels/pixel-gate';
import { lowerPixelThreads } from '../../platform/pixels/pixel-threads';
import { segmenterActivity, type SegmenterActivity } from '../vision/segmentation';

// A composition holds several full-size copies of an 8 MP picture: the worker composes one picture at a
// time, whatever its concurrency, so memory stays flat. While the segmenter has a picture to work on, the
// composition runs on one libvips thread (sharp's setting is the process's: other picture work started
// meanwhile gets one thread too), so the segmenter and the API each keep a core. When the segmenter has
// nothing left (the last picture of a batch), the composition takes the process's threads back, and gives
// them up again as soon as a picture comes.
let cropping: Promise<unknown> = Promise.resolve();

/** Runs a composition once the previous one has ended, on one libvips thread while the segmenter works. */
export function oneCropAtATime<T>(
  work: () => Promise<T>,
  segmenter: SegmenterActivity = segmenterActivity,
): Promise<T> {
  const run = cropping.then(async () => {
    const threads = sharp.concurrency();
    const follow = (busy: boolean) => sharp.concurrency(busy ? 1 : threads);
    follow(segmenter.busy());
    // Each libvips pipeline takes the setting when it starts: the steps after a change follow it.
    const unsubscribe = segmenter.subscribe(follow);
    // The composition's pixel work runs on libvips' threads: lowered, they leave a core to the requests
    // of an API in the same process and to the segmenter (platform/pixels/pixel-threads.ts).
    lowerPixelThreads();
    try {
      // A job's work that nobody waits for yet: it yields to the pixel work of requests in this process
      // (its blob reads and writes hold the slot too: compositions run one at a time anyway).
      return await pixelGate.run('background', work);
    } finally {
      unsubscribe();
      sharp.concurrency(threads);
      // libvips keeps its threads for the next pictures: the ones this composition started, lowered too.
      lowerPixelThreads();
    }
  });
  cropping = run.catch(() => undefined);
  return run;
}
