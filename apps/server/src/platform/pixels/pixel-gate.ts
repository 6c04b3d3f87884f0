import os from 'node:os';
import { lowerPixelThreads } from './pixel-threads';

/**
 * Who waits for a piece of pixel work: a caller of the API (a registration's decode and thumbnail, a
 * player frame made on the fly) or nobody yet (a job's stamping, frames prepared ahead of the first visit).
 */
export type PixelPriority = 'request' | 'background';

export interface PixelGateOptions {
  /** Pieces of each priority at once: about the cores, as pixel work is CPU-bound. */
  slots: number;
  /**
   * A background piece that has waited this long starts even while requests keep coming, one such at a
   * time: a steady stream of uploads delays yesterday's batch, it does not stop it.
   */
  backgroundWaitMs: number;
  /** Called as each background piece starts and ends (pixel-threads.ts lowers libvips' new threads). */
  onBackground?: () => void;
}

interface Waiting {
  since: number;
  /** Starts the piece; `overdue` for a background piece let through past its wait while requests ran. */
  start: (overdue: boolean) => void;
}

/**
 * The order in which a process's pixel work (sharp, libvips) starts. libvips runs every pipeline on the
 * same threads, whoever asked for it, and the operating system shares the cores among them as equals:
 * without this gate, a dealer's registration waited behind the stamping of earlier shootings. Request
 * pieces start at once (up to `slots`); a background piece starts only while no request piece runs or
 * waits, at most `slots` at once, or when it has waited `backgroundWaitMs`. A piece already running is
 * never interrupted: a request arriving meanwhile shares the cores only with the background pieces still
 * finishing. A piece should be the CPU work alone (the blob reads before it, the writes after it), so that
 * a slot is never held while waiting on a disk or a network.
 *
 * The same gate serves every role: in `--role=api` all work is request work (bounded to `slots`), in
 * `--role=worker` all of it is background work (bounded to `slots` whatever the job concurrency), and
 * the embedded process gets the ordering.
 */
export class PixelGate {
  private readonly waiting: Record<PixelPriority, Waiting[]> = { request: [], background: [] };
  private readonly running: Record<PixelPriority, number> = { request: 0, background: 0 };
  /** Background pieces started past their wait while requests ran: at most one at a time. */
  private overdue = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly opts: PixelGateOptions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `work` when its turn comes; its slot is freed when it settles, whether it succeeded or threw. */
  async run<T>(priority: PixelPriority, work: () => Promise<T>): Promise<T> {
    const overdue = await this.turn(priority);
    if (priority === 'background') this.opts.onBackground?.();
    try {
      return await work();
    } finally {
      if (priority === 'background') this.opts.onBackground?.();
      this.running[priority]--;
      if (overdue) this.overdue--;
      this.dispatch();
    }
  }

  /** Pieces running and waiting now, by priority (for tests and monitoring). */
  get state(): { running: Record<PixelPriority, number>; waiting: Record<PixelPriority, number> } {
    return {
      running: { ...this.running },
      waiting: { request: this.waiting.request.length, background: this.waiting.background.length },
    };
  }

  /** Resolves when the piece may start; with true for a background piece let through past its wait. */
  private turn(priority: PixelPriority): Promise<boolean> {
    return new Promise((resolve) => {
      this.waiting[priority].push({ since: this.now(), start: resolve });
      this.dispatch();
    });
  }

  private dispatch(): void {
    const { slots, backgroundWaitMs } = this.opts;
    while (this.waiting.request.length && this.running.request < slots) {
      this.running.request++;
      this.waiting.request.shift()!.start(false);
    }
    const requests = this.running.request + this.waiting.request.length;
    while (this.waiting.background.length && this.running.background < slots) {
      const overdue = requests > 0;
      if (overdue && (this.overdue > 0 || this.now() - this.waiting.background[0]!.since < backgroundWaitMs)) break;
      if (overdue) this.overdue++;
      this.running.background++;
      this.waiting.background.shift()!.start(overdue);
    }
    this.armTimer();
  }

  /** While background pieces wait behind requests, look again when the oldest one's wait is over. */
  private armTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const head = this.waiting.background[0];
    if (!head || this.overdue > 0 || this.running.background >= this.opts.slots) return;
    this.timer = setTimeout(() => this.dispatch(), Math.max(0, head.since + this.opts.backgroundWaitMs - this.now()));
    // A timer of the gate never keeps a process alive on its own.
    this.timer.unref();
  }
}

/** The process's gate: one for all of its pixel work, so that the ordering holds across modules. */
export const pixelGate = new PixelGate({
  slots: Math.max(1, os.availableParallelism()),
  backgroundWaitMs: 2000,
  onBackground: lowerPixelThreads,
});
