// One run of simulated users against a started deployment, with each process's event-loop delay, memory
// and CPU time scraped from its /metrics every 10 s, and the CPU the load generator itself took (it runs
// on the same cores: its share is what the servers did not get). Shared by the load and faults benchmarks.
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { arg } from './args';
import type { Deployment, ServerProcess } from './deployment';
import { API_KEY } from './deployment';
import { Recorder, type RouteFigures } from './load-recorder';
import {
  customer,
  loadPictures,
  PlayerPool,
  staffUser,
  StaffSession,
  type CreatedShooting,
  type LoadTarget,
  type UserContext,
} from './load-users';

export interface LoadOptions {
  users: number;
  minutes: number;
  /** Share of the users that are anonymous customers opening player links. */
  customerShare: number;
  thinkMs: [number, number];
  /**
   * Seconds of the same load before the measured minutes, not counted (figures of their own): a deployment
   * just started compiles its hot code, opens its connections and fills its caches under its first
   * requests, which a deployment running all day has done long before.
   */
  warmUpS: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** A flag's value from argv (`--name value`), or the default. */
export function flag(name: string, fallback: string): string {
  return arg(name) ?? fallback;
}

export function loadOptionsFromArgv(defaultWarmUpS = 30): LoadOptions {
  const users = Number(flag('users', '200'));
  const minutes = Number(flag('minutes', '5'));
  const customerShare = Number(flag('customers', '0.4'));
  const [min, max] = flag('think-ms', '1000-4000').split('-').map(Number);
  const warmUpS = Number(flag('warm-up-s', String(defaultWarmUpS)));
  if (
    !(users > 0) ||
    !(minutes > 0) ||
    !(customerShare >= 0 && customerShare <= 1) ||
    !(min! >= 0 && max! >= min!) ||
    !(warmUpS >= 0)
  ) {
    throw new Error(
      `Usage: --users N (200) --minutes M (5) --customers SHARE (0.4) --think-ms MIN-MAX (1000-4000) --warm-up-s S (${defaultWarmUpS})`,
    );
  }
  return { users, minutes, customerShare, thinkMs: [min!, max!], warmUpS };
}

/** The values of a metric's series in Prometheus text, one per label set. */
const metricValues = (text: string, name: string): number[] =>
  [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, 'gm'))].map((m) => Number(m[1]));

/** A metric without labels (its first series), or null when the text has none. */
const metric = (text: string, name: string): number | null => metricValues(text, name)[0] ?? null;

/** The job queue when the load stops (one database, so any process's /metrics tells): what is left to do. */
export interface QueueAtEnd {
  jobs: number;
  /** Seconds the oldest due job has waited, over every job name. */
  oldestWaitingS: number;
}

export interface ProcessFigures {
  name: string;
  /** MB, the mean of the 10-s readings of the minute after minute 1 (shorter runs: a quarter of the run after half of it) and of the last minute. */
  rssEarlyMb: number | null;
  rssEndMb: number | null;
  /** Every 10-s reading of the measured minutes (MB): a leak climbs, a heap between collections saws. */
  rssSeriesMb: number[];
  /** The highest of the measured minutes' 10-s event-loop delay p99 readings (prom-client resets its histogram at each). */
  eventLoopP99Ms: number | null;
  /** When in the load that highest reading's window ended (s), and the readings' median: one bad window or all. */
  eventLoopWorstAtS: number | null;
  eventLoopMedianMs: number | null;
  /** The highest 10-s reading of the warm-up, which is not counted. */
  eventLoopWarmUpMs: number | null;
  /** CPU seconds (user + system) the process took during the run, over its restarts. */
  cpuS: number | null;
  starts: number;
}

/** Where the machine's CPU went during the run. */
export interface CpuFigures {
  /** Busy CPU seconds of the whole machine (every core), from /proc/stat; null off Linux. */
  machineBusyS: number | null;
  /** The machine's capacity over the run: cores × seconds. */
  capacityS: number;
  /** The load generator's own process (simulated users, the blob store's fault proxy). */
  generatorS: number;
  /** The deployment's other services (PostgreSQL with its backends, S3, HAProxy) together; null off Linux. */
  servicesS: number | null;
  /** Each of those services (with its child processes); null when unknown (restarted meanwhile, off Linux). */
  services: { name: string; s: number | null }[];
  /** The generator's event-loop delay p99: when it is high, the latencies it measures are its own too. */
  generatorLoopP99Ms: number;
}

export interface LoadResult {
  recorder: Recorder;
  routes: RouteFigures[];
  /** The warm-up before the measured minutes: its requests and errors (an error is one wherever it falls). */
  warmUp: { seconds: number; requests: number; errors: number };
  created: CreatedShooting[];
  processes: ProcessFigures[];
  started: number;
  ended: number;
  throughput: number;
  pictures: string;
  earlyAtS: number;
  cpu: CpuFigures;
  /** Requests made during the run (setup excluded): the denominator of the CPU cost per 1000 requests. */
  requests: number;
  queueAtEnd: QueueAtEnd | null;
}

/**
 * CPU clock ticks taken so far by these processes and all their descendants, children already reaped
 * included (a PostgreSQL backend that ended counts in its postmaster's cutime); null off Linux.
 */
function treeTicks(roots: number[]): number | null {
  try {
    const stats = new Map<number, { ppid: number; ticks: number }>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        // Fields after the command name (which may hold spaces): state ppid ... utime(14) stime cutime cstime.
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        stats.set(Number(entry), {
          ppid: Number(f[1]),
          ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
        });
      } catch {
        // The process ended meanwhile.
      }
    }
    const inTree = new Set(roots.filter((p) => stats.has(p)));
    for (let grown = true; grown;) {
      grown = false;
      for (const [pid, s] of stats) {
        if (!inTree.has(pid) && inTree.has(s.ppid)) {
          inTree.add(pid);
          grown = true;
        }
      }
    }
    return [...inTree].reduce((n, pid) => n + stats.get(pid)!.ticks, 0);
  } catch {
    return null;
  }
}

/** Busy and total jiffies of every core together, from /proc/stat (null off Linux). */
function machineJiffies(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy, total: busy + idle! + iowait! };
  } catch {
    return null;
  }
}

class Sampler {
  private readonly rss = new Map<string, { at: number; mb: number; start: number }[]>();
  /** Per process: each 10-s event-loop delay p99 reading (ms), when it was taken, and whether in the warm-up. */
  private readonly loop = new Map<string, { at: number; ms: number; warmUp: boolean }[]>();
  private measuredFrom = Infinity;
  /** Per process: the CPU seconds counted before its current start, and the last reading of this start. */
  private readonly cpu = new Map<string, { start: number; first: number | null; last: number; before: number }>();
  private timer: NodeJS.Timeout | null = null;
  /** From the last reading that had the queue's figures. */
  queue: QueueAtEnd | null = null;

  constructor(private readonly processes: ServerProcess[]) {}

  /**
   * Reads every process's figures. The reading before the load (`loop: false`) only starts the event-loop
   * window: the delay histogram is reset at each reading, and the one before the load holds the process's
   * start (module loading, migrations, the demo seed), which is not the load's delay.
   */
  async scrape(opts: { loop: boolean } = { loop: true }): Promise<void> {
    // Decided when the reading is asked for: one asked during the warm-up covers the warm-up.
    const warmUp = Date.now() < this.measuredFrom;
    await Promise.all(
      this.processes.map(async (p) => {
        const text = await p.metrics();
        if (!text) return;
        const rss = metric(text, 'process_resident_memory_bytes');
        const lag = metric(text, 'nodejs_eventloop_lag_p99_seconds');
        if (rss !== null)
          this.rss.set(p.name, [
            ...(this.rss.get(p.name) ?? []),
            { at: Date.now(), mb: rss / 1024 / 1024, start: p.starts },
          ]);
        if (lag !== null && opts.loop)
          this.loop.set(p.name, [...(this.loop.get(p.name) ?? []), { at: Date.now(), ms: lag * 1000, warmUp }]);
        const depths = metricValues(text, 'forecourt_queue_depth');
        if (depths.length) {
          const oldest = metricValues(text, 'forecourt_queue_oldest_waiting_seconds');
          this.queue = { jobs: depths.reduce((a, b) => a + b, 0), oldestWaitingS: Math.round(Math.max(0, ...oldest)) };
        }
        const cpu = metric(text, 'process_cpu_seconds_total');
        if (cpu !== null) {
          const c = this.cpu.get(p.name);
          // A restarted process counts from zero again: what the killed one took up to its last reading stays.
          if (!c) this.cpu.set(p.name, { start: p.starts, first: cpu, last: cpu, before: 0 });
          else if (c.start !== p.starts)
            this.cpu.set(p.name, { start: p.starts, first: c.first, last: cpu, before: c.before + c.last });
          else c.last = cpu;
        }
      }),
    );
  }

  start(): void {
    this.timer = setInterval(() => void this.scrape(), 10_000);
  }

  /**
   * Ends the warm-up: its last readings close its event-loop windows, the CPU counts start again from
   * here and the 10-s readings restart, so that none of them spans both.
   */
  async measureFromNow(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.scrape();
    this.measuredFrom = Date.now();
    this.cpu.clear();
    this.rss.clear();
    await this.scrape({ loop: false });
    this.start();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.scrape();
  }

  /**
   * `rss`: when RSS is first read, how long each reading window lasts and when the run ended. RSS saws as the
   * heap fills and is collected (±10 % within a minute for a worker): each end is the mean of its minute's
   * 10-s readings, so that a leak shows, not where two single readings fell on the saw.
   */
  figures(rss: { earlyAt: number; windowMs: number; endedAt: number }): ProcessFigures[] {
    const meanMb = (list: { mb: number }[]) =>
      list.length ? list.reduce((n, r) => n + r.mb, 0) / list.length : undefined;
    return this.processes.map((p) => {
      const readings = this.rss.get(p.name) ?? [];
      const last = readings.at(-1);
      const first = meanMb(readings.filter((r) => r.at >= rss.earlyAt && r.at < rss.earlyAt + rss.windowMs));
      // Only the last start's readings: a process restarted meanwhile (faults bench) began again.
      const end = meanMb(readings.filter((r) => r.at >= rss.endedAt - rss.windowMs && r.start === last?.start));
      const round = (n: number | undefined) => (n === undefined ? null : Math.round(n));
      const c = this.cpu.get(p.name);
      const cpuS = c && c.first !== null ? Math.round((c.before + c.last - c.first) * 10) / 10 : null;
      const loopReadings = this.loop.get(p.name) ?? [];
      const loop = loopReadings.filter((r) => !r.warmUp);
      const warmUp = loopReadings.filter((r) => r.warmUp).map((r) => r.ms);
      const worst = loop.reduce<{ at: number; ms: number; warmUp: boolean } | undefined>(
        (w, r) => (!w || r.ms > w.ms ? r : w),
        undefined,
      );
      const sorted = loop.map((r) => r.ms).sort((a, b) => a - b);
      return {
        name: p.name,
        rssEarlyMb: round(first),
        rssEndMb: round(end),
        rssSeriesMb: readings.map((r) => Math.round(r.mb)),
        eventLoopP99Ms: round(worst?.ms),
        eventLoopWorstAtS: worst ? Math.round((worst.at - this.measuredFrom) / 1000) : null,
        eventLoopMedianMs: round(sorted[Math.floor(sorted.length / 2)]),
        eventLoopWarmUpMs: warmUp.length ? round(Math.max(...warmUp)) : null,
        cpuS,
        starts: p.starts,
      };
    });
  }
}

/**
 * Signs the staff in, shares a few players, then runs the users for the given minutes while `during`
 * (the faults bench's injections) runs beside them.
 */
export async function runLoad(
  deployment: Deployment,
  opts: LoadOptions,
  during?: (until: number) => Promise<void>,
): Promise<LoadResult> {
  const recorder = new Recorder();
  const target: LoadTarget = { baseUrl: deployment.baseUrl, apiKey: API_KEY, recorder };
  const sessions = [
    new StaffSession(target, 'manager@demo.forecourt.test', true),
    new StaffSession(target, 'sales@demo.forecourt.test', false),
  ];
  for (const s of sessions) {
    await s.signIn();
    await s.load();
  }
  const players = new PlayerPool();
  const manager = sessions[0]!;
  for (const shooting of manager.known.slice(0, 10)) {
    const res = await fetch(`${deployment.baseUrl}/api/shootings/${shooting.shootingId}/marketplaces/FORECOURT`, {
      headers: await manager.headers(),
    });
    if (res.ok) players.add(((await res.json()) as { ref: string }).ref);
  }
  if (!players.refs.length) throw new Error('No player reference could be made for the demo shootings');
  const { pictures, source } = await loadPictures();

  const sampler = new Sampler(deployment.processes);
  await sampler.scrape({ loop: false });
  sampler.start();
  const warmUpStart = Date.now();
  const started = warmUpStart + opts.warmUpS * 1000;
  const until = started + opts.minutes * 60_000;
  const context: UserContext = { target, until, thinkMs: opts.thinkMs, pictures, players, created: [] };
  const customers = Math.round(opts.users * opts.customerShare);
  const staff = opts.users - customers;
  const users = Promise.all([
    ...Array.from({ length: staff }, (_v, i) => staffUser(context, sessions[i % sessions.length]!)),
    ...Array.from({ length: customers }, () => customer(context)),
  ]);
  // The warm-up: the same users, counted apart.
  await sleep(started - Date.now());
  await sampler.measureFromNow();
  const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
  generatorLoop.enable();
  const cpuAtStart = process.cpuUsage();
  const machineAtStart = machineJiffies();
  const serviceTicks = () =>
    deployment.services().map((svc) => ({ ...svc, ticks: svc.pid === null ? null : treeTicks([svc.pid]) }));
  const servicesAtStart = serviceTicks();
  await Promise.all([users, during?.(until)]);
  const ended = Date.now();
  const generatorCpu = process.cpuUsage(cpuAtStart);
  const machineAtEnd = machineJiffies();
  // A service restarted meanwhile (the faults bench restarts PostgreSQL) began its count again: unknown.
  const servicesAtEnd = serviceTicks();
  generatorLoop.disable();
  await sampler.stop();
  const seconds = (ended - started) / 1000;
  // /proc/stat counts in clock ticks of all cores together: its busy share of the total is the machine's load.
  const machineBusyS =
    machineAtStart && machineAtEnd
      ? ((machineAtEnd.busy - machineAtStart.busy) / (machineAtEnd.total - machineAtStart.total)) *
        seconds *
        os.cpus().length
      : null;
  const services = servicesAtStart.map((start, i) => {
    const end = servicesAtEnd[i];
    const same = end && end.pid === start.pid && start.ticks !== null && end.ticks !== null && end.ticks >= start.ticks;
    // Clock ticks are 1/100 s on Linux (USER_HZ).
    return { name: start.name, s: same ? Math.round((end.ticks! - start.ticks!) / 10) / 10 : null };
  });
  const cpu: CpuFigures = {
    machineBusyS: machineBusyS === null ? null : Math.round(machineBusyS),
    capacityS: Math.round(seconds * os.cpus().length),
    generatorS: Math.round((generatorCpu.user + generatorCpu.system) / 1e5) / 10,
    services,
    servicesS:
      services.length && services.every((svc) => svc.s !== null)
        ? Math.round(services.reduce((n, svc) => n + svc.s!, 0) * 10) / 10
        : null,
    generatorLoopP99Ms: Math.round(generatorLoop.percentile(99) / 1e6),
  };
  const earlyAt = started + Math.min(60_000, (ended - started) / 2);
  const rssWindowMs = Math.min(60_000, (ended - started) / 4);
  const measured = recorder.samples.filter((s) => s.at >= started && s.route !== 'setup').length;
  return {
    recorder,
    routes: recorder.figures(started, ended).filter((r) => r.route !== 'setup'),
    warmUp: {
      seconds: opts.warmUpS,
      requests: recorder.samples.filter((s) => s.at >= warmUpStart && s.at < started && s.route !== 'setup').length,
      errors: recorder.errors.filter((e) => e.at >= warmUpStart && e.at < started).length,
    },
    created: context.created,
    processes: sampler.figures({ earlyAt, windowMs: rssWindowMs, endedAt: ended }),
    started,
    ended,
    throughput: Math.round((measured / ((ended - started) / 1000)) * 10) / 10,
    pictures: source,
    earlyAtS: Math.round((earlyAt - started) / 1000),
    cpu,
    requests: measured,
    queueAtEnd: sampler.queue,
  };
}

/** The issue's goals for the routes it names; `factor` 2 on the embedded default. */
export function latencyGoalMet(routes: RouteFigures[], factor: number): boolean {
  const reads = ['list', 'search', 'detail', 'player: options'];
  const creation = ['create: product', 'create: presign', 'create: register', 'create: done'];
  return routes.every((r) =>
    reads.includes(r.route) ? r.p95 < 50 * factor : creation.includes(r.route) ? r.p95 < 250 * factor : true,
  );
}

export const routeLine = (r: RouteFigures) =>
  `${r.route} ${r.p50}/${r.p95}/${r.p99} ms ×${r.requests}${r.errors ? ` (${r.errors} errors)` : ''}`;

export const processLine = (p: ProcessFigures, earlyAtS: number) =>
  `${p.name} RSS ${p.rssEarlyMb ?? '?'}→${p.rssEndMb ?? '?'} MB (means of the minute from ${earlyAtS} s and of the last${p.starts > 1 ? `, ${p.starts - 1} restarts` : ''}), loop p99 ${p.eventLoopP99Ms ?? '?'} ms (worst 10-s window ending at ${p.eventLoopWorstAtS ?? '?'} s, median window ${p.eventLoopMedianMs ?? '?'} ms), CPU ${p.cpuS ?? '?'} s`;

/**
 * Where the cores' time went: the portal's processes, the load generator, the deployment's other services
 * (database, S3, HAProxy), and the rest of the machine (other programs running meanwhile).
 */
export function cpuLine(processes: ProcessFigures[], cpu: CpuFigures): string {
  const portal = processes.reduce((n, p) => n + (p.cpuS ?? 0), 0);
  const busy = cpu.machineBusyS;
  const share = (s: number) => (busy ? ` (${Math.round((s / busy) * 100)} %)` : '');
  const services = cpu.servicesS ?? 0;
  const parts = [
    `portal processes ${Math.round(portal)} s${share(portal)}`,
    `load generator ${cpu.generatorS} s${share(cpu.generatorS)} (its event-loop p99 ${cpu.generatorLoopP99Ms} ms)`,
    ...(cpu.servicesS === null || cpu.servicesS === 0
      ? []
      : cpu.services.map((svc) => `${svc.name} ${Math.round(svc.s!)} s${share(svc.s!)}`)),
    ...(busy === null
      ? []
      : [
          `${cpu.servicesS === null ? 'PostgreSQL, S3, HAProxy and other programs' : 'other programs'} ${Math.max(0, Math.round(busy - portal - cpu.generatorS - services))} s${share(Math.max(0, busy - portal - cpu.generatorS - services))}`,
        ]),
  ];
  return `CPU ${busy ?? '?'} of ${cpu.capacityS} core-s busy: ${parts.join(', ')}`;
}

/**
 * What each process cost per 1000 requests of the run (core-seconds): every portal process, each service,
 * the load generator and the rest of the machine, so a change's saving shows where it was made.
 */
export function cpuPerRequestsLine(processes: ProcessFigures[], cpu: CpuFigures, requests: number): string {
  const per = (s: number | null) => (s === null || !requests ? '?' : ((s / requests) * 1000).toFixed(1));
  const portal = processes.reduce((n, p) => n + (p.cpuS ?? 0), 0);
  const known = portal + cpu.generatorS + cpu.services.reduce((n, svc) => n + (svc.s ?? 0), 0);
  const parts = [
    ...processes.map((p) => `${p.name} ${per(p.cpuS)}`),
    ...cpu.services.map((svc) => `${svc.name} ${per(svc.s)}`),
    `load generator ${per(cpu.generatorS)}`,
    ...(cpu.machineBusyS === null ? [] : [`rest of the machine ${per(Math.max(0, cpu.machineBusyS - known))}`]),
  ];
  return `core-s per 1000 requests (${requests} requests): ${parts.join(', ')}`;
}
