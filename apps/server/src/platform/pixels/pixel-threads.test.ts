import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pixelGate } from './pixel-gate';
import { PIXEL_THREADS_NICE } from './pixel-threads';

const niceOf = (thread: string) => Number(fs.readFileSync(`/proc/self/task/${thread}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
const libvipsThreads = () => fs.readdirSync('/proc/self/task').filter((t) => fs.readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim() === 'libvips worker');

describe('the process pixel gate and the priority of libvips threads', () => {
  it('leaves libvips threads as they are for request work, and lowers them below the event loop once background work runs', async () => {
    const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const render = () =>
      sharp(picture)
        .blur(2)
        .jpeg()
        .toBuffer();
    await pixelGate.run('request', render);
    const threads = libvipsThreads();
    expect(threads.length).toBeGreaterThan(0);
    // A process answering requests only (--role=api) keeps its pixel work at the loop's priority.
    expect(new Set(threads.map(niceOf))).toEqual(new Set([0]));
    await pixelGate.run('background', render);
    const still = threads.filter((t) => fs.existsSync(`/proc/self/task/${t}`));
    expect(new Set(still.map(niceOf))).toEqual(new Set([PIXEL_THREADS_NICE]));
    expect(niceOf(String(process.pid))).toBe(0);
  });
});
