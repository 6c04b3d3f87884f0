import fs from 'node:fs';
import os from 'node:os';
import { NICE } from '../../priorities';
import { threadIds } from '../process-priority';

/**
 * libvips' threads in a process that does background pixel work (the embedded process and
 * `--role=worker`) run at `NICE.pixelThreads`, the lowest: below its event loop's thread, which stays at
 * nice 0, and below the segmenter's process, which the pictures of an editing batch wait for one after the
 * other. The loop answers every request and renews the jobs' leases; a picture is one piece of work that
 * can wait for a core. libvips' threads are shared by all pixel work of the process, so this cannot favour
 * a request's picture over a job's: the gate (pixel-gate.ts) does that. A process that only answers
 * requests (`--role=api`) never lowers them. Lowering is one way: a process without CAP_SYS_NICE cannot
 * raise a thread's priority again.
 */
const LIBVIPS_THREAD = 'libvips worker';

/**
 * How long a thread must have been listed under another name before it is taken for one that is not
 * libvips'. A new thread carries its creator's name until libvips names it, microseconds later once it
 * runs; on a loaded machine its first run may wait for a core, so this leaves it far longer than that.
 */
export const NAMING_GRACE_MS = 1000;

/** What lowering needs from the system; a test gives its own. */
export interface ThreadProbe {
  /** The process's thread ids, or null without /proc (not Linux). */
  list(): string[] | null;
  /** A thread's name, or null when it has ended. */
  name(thread: string): string | null;
  lower(thread: string, nice: number): void;
  now(): number;
}

const linux: ThreadProbe = {
  list: threadIds,
  name: (thread) => {
    try {
      return fs.readFileSync(`/proc/self/task/${thread}/comm`, 'utf8').trim();
    } catch {
      return null; // The thread ended between the listing and the reading.
    }
  },
  lower: (thread, nice) => {
    try {
      os.setPriority(Number(thread), nice);
    } catch {
      // The thread ended meanwhile.
    }
  },
  now: () => performance.now(),
};

/**
 * A function that lowers the libvips threads of the process started since its last call. libvips starts
 * threads as work needs them and keeps them for the next pieces; one listing of /proc/self/task (tens of
 * microseconds) finds the new ones, so it is called at each background piece's start and end: a thread
 * started by a piece is lowered before the next one runs, not seconds later while a burst of jobs holds
 * the cores. A thread is settled, never read again, once lowered or once it has kept another name past
 * the naming grace: one listed in the moment between its start and libvips' naming is read again at the
 * next call and lowered then.
 */
export function pixelThreadLowerer(probe: ThreadProbe = linux): () => void {
  const settled = new Set<string>();
  /** Threads seen under another name, and when first: they may still be libvips' unnamed. */
  const unnamed = new Map<string, number>();
  return () => {
    const threads = probe.list();
    if (!threads) return;
    const now = probe.now();
    for (const thread of threads) {
      if (settled.has(thread)) continue;
      const name = probe.name(thread);
      if (name === null) continue;
      if (name === LIBVIPS_THREAD) {
        probe.lower(thread, NICE.pixelThreads);
        settled.add(thread);
        unnamed.delete(thread);
      } else {
        // libuv's threads and the loop's are left alone.
        const since = unnamed.get(thread);
        if (since === undefined) unnamed.set(thread, now);
        else if (now - since >= NAMING_GRACE_MS) {
          settled.add(thread);
          unnamed.delete(thread);
        }
      }
    }
    // Ended threads' ids go, so the sets stay the size of the process's threads (an id can be reused).
    if (settled.size + unnamed.size > threads.length) {
      const alive = new Set(threads);
      for (const thread of settled) if (!alive.has(thread)) settled.delete(thread);
      for (const thread of unnamed.keys()) if (!alive.has(thread)) unnamed.delete(thread);
    }
  };
}

/** The process's own: lowers the libvips threads started since the last call. */
export const lowerPixelThreads = pixelThreadLowerer();
