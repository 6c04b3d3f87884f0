import fs from 'node:fs';
import os from 'node:os';
import { threadIds } from '../process-priority';

/**
 * The priority of libvips' threads in a process that does background pixel work (the embedded process
 * and `--role=worker`): the lowest, below its event loop's thread, which stays at nice 0, and below the
 * segmenter's process (nice 15, vision/segmenter.process.ts), which the pictures of an editing batch wait
 * for one after the other. The loop answers every request and renews the jobs' leases; a picture is one
 * piece of work that can wait for a core: at 19 the libvips threads take what the loop leaves, which on
 * two cores is at least one core, as the loop is one thread. libvips' threads are shared by all pixel work
 * of the process, so this cannot favour a request's picture over a job's: the gate (pixel-gate.ts) does
 * that. A process that only answers requests (`--role=api`) never lowers them. Lowering is one way: a
 * process without CAP_SYS_NICE cannot raise a thread's priority again.
 */
export const PIXEL_THREADS_NICE = 19;

/** Threads of the process already looked at: only new ones have their name read. */
const known = new Set<string>();

/**
 * Lowers the libvips threads of the process started since the last call. libvips starts threads as work
 * needs them and keeps them for the next pieces; one listing of /proc/self/task (tens of microseconds)
 * finds the new ones, so this is called at each background piece's start and end: a thread started by a
 * piece is lowered before the next one runs, not seconds later while a burst of jobs holds the cores.
 */
export function lowerPixelThreads(): void {
  const threads = threadIds();
  if (!threads) return; // No /proc (not Linux): nothing to lower.
  for (const thread of threads) {
    if (known.has(thread)) continue;
    known.add(thread);
    try {
      // libvips names its threads as they start (a listing in the microseconds between a thread's start
      // and its naming misses it, leaving it at the loop's priority); libuv's and the loop's are left alone.
      if (fs.readFileSync(`/proc/self/task/${thread}/comm`, 'utf8').trim() === 'libvips worker') os.setPriority(Number(thread), PIXEL_THREADS_NICE);
    } catch {
      // The thread ended between the listing and the reading.
    }
  }
  // Ended threads' ids go, so the set stays the size of the process's threads (an id can be reused).
  if (known.size > threads.length) {
    const alive = new Set(threads);
    for (const thread of known) if (!alive.has(thread)) known.delete(thread);
  }
}
