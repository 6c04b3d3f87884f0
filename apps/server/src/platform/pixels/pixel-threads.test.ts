import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pixelGate } from './pixel-gate';
import { NICE } from '../../priorities';
import { NAMING_GRACE_MS, pixelThreadLowerer, type ThreadProbe } from './pixel-threads';

const niceOf = (thread: string) =>
  Number(fs.readFileSync(`/proc/self/task/${thread}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
const libvipsThreads = () =>
  fs
    .readdirSync('/proc/self/task')
    .filter((t) => fs.readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim() === 'libvips worker');

describe('the process pixel gate and the priority of libvips threads', () => {
  it('leaves libvips threads as they are for request work, and lowers them below the event loop once background work runs', async () => {
    const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const render = () => sharp(picture).blur(2).jpeg().toBuffer();
    await pixelGate.run('request', render);
    const threads = libvipsThreads();
    expect(threads.length).toBeGreaterThan(0);
    // A process answering requests only (--role=api) keeps its pixel work at the loop's priority.
    expect(new Set(threads.map(niceOf))).toEqual(new Set([0]));
    await pixelGate.run('background', render);
    const still = threads.filter((t) => fs.existsSync(`/proc/self/task/${t}`));
    expect(new Set(still.map(niceOf))).toEqual(new Set([NICE.pixelThreads]));
    expect(niceOf(String(process.pid))).toBe(0);
  });
});

describe('lowering libvips threads as they appear', () => {
  /** A process's threads as the probe sees them: names can change, reads are counted. */
  const fakeProcess = () => {
    const names = new Map<string, string>();
    const nice = new Map<string, number>();
    const reads = new Map<string, number>();
    let now = 0;
    const probe: ThreadProbe = {
      list: () => [...names.keys()],
      name: (t) => {
        reads.set(t, (reads.get(t) ?? 0) + 1);
        return names.get(t) ?? null;
      },
      lower: (t, n) => nice.set(t, n),
      now: () => now,
    };
    return { names, nice, reads, probe, advance: (ms: number) => (now += ms) };
  };

  it('lowers a thread listed before libvips named it, at the next call', () => {
    const proc = fakeProcess();
    const lower = pixelThreadLowerer(proc.probe);
    proc.names.set('100', 'node');
    // Started by a libuv thread and listed while it still carries its creator's name.
    proc.names.set('101', 'node');
    lower();
    expect(proc.nice.get('101')).toBeUndefined();
    proc.names.set('101', 'libvips worker');
    proc.advance(3);
    lower();
    expect(proc.nice.get('101')).toBe(NICE.pixelThreads);
    expect(proc.nice.get('100')).toBeUndefined();
  });

  it('stops reading a thread once lowered, or once it kept another name past the grace', () => {
    const proc = fakeProcess();
    const lower = pixelThreadLowerer(proc.probe);
    proc.names.set('100', 'node');
    proc.names.set('102', 'libvips worker');
    lower();
    proc.advance(NAMING_GRACE_MS);
    lower();
    proc.advance(NAMING_GRACE_MS);
    lower();
    lower();
    expect(proc.reads.get('102')).toBe(1);
    expect(proc.reads.get('100')).toBe(2);
    expect(proc.nice.get('102')).toBe(NICE.pixelThreads);
    // An id that ended and came back as a new libvips thread is looked at again.
    proc.names.delete('102');
    lower();
    proc.names.set('102', 'libvips worker');
    proc.nice.clear();
    lower();
    expect(proc.nice.get('102')).toBe(NICE.pixelThreads);
  });
});
