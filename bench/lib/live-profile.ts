// LIVE_PROFILE=1 (bench live): where the joiner's main thread spends the join, from the click to its first
// remote frame: a CPU profile of the page (CDP Profiler, 1 ms samples), printed as the functions with the
// most self time and the main thread's long tasks (over 50 ms) in ms from the click. The portal is minified:
// a function is named by its script and position, to look up in apps/web/dist.
import type { CDPSession, Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export const profiling = process.env.LIVE_PROFILE === '1';

/** Starts profiling the page's main thread (and recording its long tasks); the returned function stops and prints. */
export async function startProfile(page: Page): Promise<() => Promise<void>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: [number, number][] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await cdp.detach().catch(() => undefined);
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const f = byId.get(id)!.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
    const tasks = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: [number, number][]; __joinAt: number };
      return w.__longTasks.map(([at, ms]) => [Math.round(at - w.__joinAt), Math.round(ms)]);
    });
    console.error(
      `profile of the joiner, ${Math.round(total)} ms sampled; self time:\n${top.map(([k, ms]) => `${ms.toFixed(0).padStart(6)} ms ${k}`).join('\n')}`,
    );
    console.error(`long tasks (ms from the click: duration): ${tasks.map(([at, ms]) => `${at}:${ms}`).join(' ')}`);
  };
}
