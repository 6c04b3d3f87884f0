import { afterEach, describe, expect, it, vi } from 'vitest';
import { PixelGate, type PixelPriority } from './pixel-gate';

/** A piece of work the test ends when it wants, recording when it started. */
function piece(started: string[], name: string) {
  let end!: (fail?: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    end = (fail) => (fail ? reject(fail) : resolve(name));
  });
  return {
    work: () => {
      started.push(name);
      return done;
    },
    end,
  };
}

/** Lets the promises settled so far run their continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PixelGate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a request queued behind background pieces before every background piece waiting', async () => {
    const gate = new PixelGate({ slots: 1, backgroundWaitMs: 60_000 });
    const started: string[] = [];
    const pieces = {
      stamp1: piece(started, 'stamp1'),
      stamp2: piece(started, 'stamp2'),
      stamp3: piece(started, 'stamp3'),
      register: piece(started, 'register'),
    };
    const runs = [
      gate.run('background', pieces.stamp1.work),
      gate.run('background', pieces.stamp2.work),
      gate.run('background', pieces.stamp3.work),
    ];
    await settle();
    expect(started).toEqual(['stamp1']);
    const register = gate.run('request', pieces.register.work);
    await settle();
    // The request starts at once: it does not wait for the background piece already running.
    expect(started).toEqual(['stamp1', 'register']);
    pieces.stamp1.end();
    await settle();
    // No background piece starts while the request runs.
    expect(started).toEqual(['stamp1', 'register']);
    expect(gate.state).toEqual({ running: { request: 1, background: 0 }, waiting: { request: 0, background: 2 } });
    pieces.register.end();
    await expect(register).resolves.toBe('register');
    await settle();
    expect(started).toEqual(['stamp1', 'register', 'stamp2']);
    pieces.stamp2.end();
    await settle();
    pieces.stamp3.end();
    await expect(Promise.all(runs)).resolves.toEqual(['stamp1', 'stamp2', 'stamp3']);
  });

  it('runs at most its slots of each priority, in order of arrival', async () => {
    const gate = new PixelGate({ slots: 2, backgroundWaitMs: 60_000 });
    const started: string[] = [];
    const all = (priority: PixelPriority, names: string[]) =>
      names.map((n) => ({ name: n, p: piece(started, n) })).map((x) => ({ ...x, run: gate.run(priority, x.p.work) }));
    const requests = all('request', ['r1', 'r2', 'r3']);
    await settle();
    expect(started).toEqual(['r1', 'r2']);
    requests[0]!.p.end();
    await settle();
    expect(started).toEqual(['r1', 'r2', 'r3']);
    for (const r of requests.slice(1)) r.p.end();
    await Promise.all(requests.map((r) => r.run));
    const background = all('background', ['b1', 'b2', 'b3']);
    await settle();
    expect(started.slice(3)).toEqual(['b1', 'b2']);
    background[1]!.p.end();
    await settle();
    expect(started.slice(3)).toEqual(['b1', 'b2', 'b3']);
    for (const b of [background[0]!, background[2]!]) b.p.end();
    await Promise.all(background.map((b) => b.run));
    expect(gate.state.running).toEqual({ request: 0, background: 0 });
  });

  it('frees the slot of a piece that throws, and hands the error to its caller', async () => {
    const gate = new PixelGate({ slots: 1, backgroundWaitMs: 60_000 });
    const started: string[] = [];
    const broken = piece(started, 'damaged');
    const next = piece(started, 'next');
    const first = gate.run('background', broken.work);
    const second = gate.run('background', next.work);
    await settle();
    broken.end(new Error('The image is truncated'));
    await expect(first).rejects.toThrow('The image is truncated');
    await settle();
    expect(started).toEqual(['damaged', 'next']);
    next.end();
    await expect(second).resolves.toBe('next');
    // A piece that throws before returning a promise frees its slot too.
    await expect(
      gate.run('request', () => {
        throw new Error('sync failure');
      }),
    ).rejects.toThrow('sync failure');
    expect(gate.state).toEqual({ running: { request: 0, background: 0 }, waiting: { request: 0, background: 0 } });
  });

  it('starts the background pieces held back as soon as the requests stop', async () => {
    const gate = new PixelGate({ slots: 2, backgroundWaitMs: 60_000 });
    const started: string[] = [];
    const register = piece(started, 'register');
    const request = gate.run('request', register.work);
    const stamps = ['s1', 's2', 's3'].map((n) => piece(started, n));
    const runs = stamps.map((s) => gate.run('background', s.work));
    await settle();
    expect(started).toEqual(['register']);
    register.end();
    await request;
    await settle();
    expect(started).toEqual(['register', 's1', 's2']);
    for (const s of stamps) s.end();
    await expect(Promise.all(runs)).resolves.toEqual(['s1', 's2', 's3']);
  });

  it('lets one background piece through past its wait while requests keep coming, so a batch is never held forever', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const gate = new PixelGate({ slots: 2, backgroundWaitMs: 2000 });
    const started: string[] = [];
    const busy = piece(started, 'requests');
    const request = gate.run('request', busy.work);
    const stamps = ['s1', 's2'].map((n) => piece(started, n));
    const runs = stamps.map((s) => gate.run('background', s.work));
    await settle();
    await vi.advanceTimersByTimeAsync(1999);
    expect(started).toEqual(['requests']);
    await vi.advanceTimersByTimeAsync(1);
    // One, not both: the requests still have the rest of the cores.
    expect(started).toEqual(['requests', 's1']);
    stamps[0]!.end();
    await runs[0];
    await settle();
    // s2 has waited its time too: it takes the place s1 left.
    expect(started).toEqual(['requests', 's1', 's2']);
    stamps[1]!.end();
    busy.end();
    await Promise.all([request, ...runs]);
  });

  it('tells as each background piece starts and ends, failed or not, and never for requests', async () => {
    const events: string[] = [];
    const gate = new PixelGate({ slots: 1, backgroundWaitMs: 60_000, onBackground: () => events.push('told') });
    await gate.run('request', async () => events.push('answer'));
    await gate.run('background', async () => events.push('stamp'));
    await expect(gate.run('background', () => Promise.reject(new Error('damaged')))).rejects.toThrow('damaged');
    expect(events).toEqual(['answer', 'told', 'stamp', 'told', 'told', 'told']);
  });
});
