// The steady cost of a call in the browser (bench live): the CPU of each process of the bench's own Chromium
// (its renderers — one a participant's page, where WebRTC encodes and decodes — the GPU process that
// composites the videos, the audio and video capture services, the browser), from /proc, while the room's
// residents are in the call and nobody joins. A joiner shares the same 2 cores: what the residents' pages
// spend here is what its own join does not get.
import fs from 'node:fs';
import { cpuSecondsOf } from './proc-tree';

export interface ChromiumProcess {
  pid: number;
  /** browser, renderer, gpu, audio, video-capture, network, zygote or another utility's sub-type. */
  role: string;
}

const readOr = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // The process exited meanwhile.
  }
};

/** The role of a Chromium process, from its command line's --type (and --utility-sub-type). */
export function chromiumRole(args: string[]): string {
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const type = flag('type');
  if (!type) return 'browser';
  if (type === 'gpu-process') return 'gpu';
  if (type !== 'utility') return type;
  const sub = flag('utility-sub-type') ?? 'utility';
  if (sub.startsWith('audio.')) return 'audio';
  if (sub.startsWith('video_capture.')) return 'video-capture';
  if (sub.startsWith('network.')) return 'network';
  return sub;
}

/** The Chromium processes descended from `ancestor` (by default this bench's own process: its browser only, never another's). */
export function chromiumProcesses(ancestor = process.pid): ChromiumProcess[] {
  const parent = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readOr(`/proc/${name}/stat`);
    if (!stat) continue;
    parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const descends = (pid: number) => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === ancestor) return true;
    return false;
  };
  const found: ChromiumProcess[] = [];
  for (const pid of parent.keys()) {
    if (!descends(pid) || readOr(`/proc/${pid}/comm`)?.trim() !== 'chromium') continue;
    const cmdline = readOr(`/proc/${pid}/cmdline`);
    // Chromium rewrites its processes' titles: the arguments may come as one string, space-separated.
    if (cmdline) found.push({ pid, role: chromiumRole(cmdline.split(/[\0 ]/)) });
  }
  return found;
}

export interface ChromiumCpu {
  seconds: number;
  /** Percent of one core over the time, by role; renderers one by one (busiest first), the others summed. */
  renderers: number[];
  others: Record<string, number>;
  total: number;
}

/** Percent of one core each of the bench's Chromium processes used over the next `seconds`. */
export async function chromiumCpuOver(seconds: number): Promise<ChromiumCpu> {
  const processes = chromiumProcesses();
  const before = processes.map((p) => cpuSecondsOf(p.pid));
  const started = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const renderers: number[] = [];
  const others: Record<string, number> = {};
  processes.forEach((p, i) => {
    const after = cpuSecondsOf(p.pid);
    if (after === null || before[i] === null) return;
    const percent = ((after - before[i]!) / elapsed) * 100;
    if (p.role === 'renderer') renderers.push(percent);
    else others[p.role] = (others[p.role] ?? 0) + percent;
  });
  const round = (n: number) => Math.round(n * 10) / 10;
  renderers.sort((a, b) => b - a);
  const total = [...renderers, ...Object.values(others)].reduce((a, b) => a + b, 0);
  return {
    seconds: Math.round(elapsed),
    // Renderers under half a percent are pages idle in this call's browser (none in a bench run, but a closed one's may linger).
    renderers: renderers.filter((r) => r >= 0.5).map(round),
    others: Object.fromEntries(Object.entries(others).map(([role, p]) => [role, round(p)])),
    total: round(total),
  };
}

/** `renderers 25.1 + 24.0 + 23.2 %, gpu 12.0 %, audio 20.1 %, … (total 110 % of a core over 10 s)`. */
export const chromiumCpuText = (c: ChromiumCpu) =>
  `renderers ${c.renderers.join(' + ')} %, ${Object.entries(c.others)
    .filter(([, p]) => p >= 0.5)
    .map(([role, p]) => `${role} ${p} %`)
    .join(', ')} (total ${c.total} % of a core over ${c.seconds} s)`;
