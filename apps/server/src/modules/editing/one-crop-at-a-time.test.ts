import fs from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { NICE } from '../../priorities';
import { oneCropAtATime } from './one-crop-at-a-time';

describe('oneCropAtATime', () => {
  const threads = sharp.concurrency();
  afterEach(() => {
    sharp.concurrency(threads);
  });

  /** A segmenter whose activity the test sets. */
  function segmenter(busy: boolean) {
    const listeners = new Set<(busy: boolean) => void>();
    return {
      listeners,
      busy: () => busy,
      subscribe(listener: (busy: boolean) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      set(now: boolean) {
        busy = now;
        for (const listener of listeners) listener(now);
      },
    };
  }

  it('composes on one libvips thread while the segmenter works and gives the process its threads back after, even on failure', async () => {
    sharp.concurrency(2);
    const working = segmenter(true);
    const seen: number[] = [];
    await oneCropAtATime(async () => seen.push(sharp.concurrency()), working);
    expect(seen).toEqual([1]);
    expect(sharp.concurrency()).toBe(2);
    await expect(oneCropAtATime(() => Promise.reject(new Error('damaged')), working)).rejects.toThrow('damaged');
    expect(sharp.concurrency()).toBe(2);
    expect(working.listeners.size).toBe(0);
  });

  it("takes the process's threads when the segmenter has nothing left, and follows it when a picture comes or goes", async () => {
    sharp.concurrency(2);
    const working = segmenter(false);
    const seen: number[] = [];
    await oneCropAtATime(async () => {
      seen.push(sharp.concurrency());
      working.set(true);
      seen.push(sharp.concurrency());
      working.set(false);
      seen.push(sharp.concurrency());
    }, working);
    expect(seen).toEqual([2, 1, 2]);
    // Once the composition has ended, the segmenter's changes no longer touch the setting.
    working.set(true);
    expect(sharp.concurrency()).toBe(2);
  });

  it("runs the composition's pixel work on libvips threads below the API's priority, and leaves the event loop's thread alone", async () => {
    const niceOf = (thread: string) =>
      Number(fs.readFileSync(`/proc/self/task/${thread}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    await oneCropAtATime(
      () =>
        Promise.all(
          [0, 1, 2].map((sigma) =>
            sharp(picture)
              .blur(sigma + 1)
              .jpeg()
              .toBuffer(),
          ),
        ),
      segmenter(false),
    );
    const threads = fs.readdirSync('/proc/self/task');
    const libvips = threads.filter(
      (t) => fs.readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim() === 'libvips worker',
    );
    expect(libvips.length).toBeGreaterThan(0);
    expect(new Set(libvips.map(niceOf))).toEqual(new Set([NICE.pixelThreads]));
    expect(niceOf(String(process.pid))).toBe(0);
  });

  it('starts a composition only once the previous one has ended, whether it failed or not', async () => {
    const events: string[] = [];
    let finishFirst!: () => void;
    const first = oneCropAtATime(async () => {
      events.push('first starts');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      events.push('first fails');
      throw new Error('no vehicle');
    });
    const second = oneCropAtATime(async () => events.push('second starts'));
    await expect.poll(() => events).toEqual(['first starts']);
    finishFirst();
    await expect(first).rejects.toThrow('no vehicle');
    await second;
    expect(events).toEqual(['first starts', 'first fails', 'second starts']);
  });
});
