import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { oneCropAtATime } from './one-crop-at-a-time';

describe('oneCropAtATime', () => {
  const threads = sharp.concurrency();
  afterEach(() => {
    sharp.concurrency(threads);
  });

  it('composes on one libvips thread and gives the process its threads back after, even on failure', async () => {
    sharp.concurrency(2);
    const seen: number[] = [];
    await oneCropAtATime(async () => seen.push(sharp.concurrency()));
    expect(seen).toEqual([1]);
    expect(sharp.concurrency()).toBe(2);
    await expect(oneCropAtATime(() => Promise.reject(new Error('damaged')))).rejects.toThrow('damaged');
    expect(sharp.concurrency()).toBe(2);
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
