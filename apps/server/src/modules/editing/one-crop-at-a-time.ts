import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
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
    lowerImageThreads();
    try {
      return await work();
    } finally {
      unsubscribe();
      sharp.concurrency(threads);
      // libvips keeps its threads for the next pictures: the ones this composition started, lowered too.
      lowerImageThreads();
    }
  });
  cropping = run.catch(() => undefined);
  return run;
}

/**
 * The priority of libvips' threads in the worker: below the API's requests and below the segmenter, which
 * the pictures of a batch wait for one after the other, whereas a composition can wait for a free core.
 */
export const IMAGE_THREADS_NICE = 19;

/**
 * The composition's pixel work runs on libvips' own threads, which it names: lowered, they leave a core to
 * a request of the API in the same process (its event loop's thread keeps nice 0) and to the segmenter.
 */
function lowerImageThreads(): void {
  const tasks = '/proc/self/task';
  if (!fs.existsSync(tasks)) return;
  for (const thread of fs.readdirSync(tasks)) {
    try {
      if (fs.readFileSync(`${tasks}/${thread}/comm`, 'utf8').trim() === 'libvips worker')
        os.setPriority(Number(thread), IMAGE_THREADS_NICE);
    } catch {
      // The thread ended between the listing and the reading.
    }
  }
}
