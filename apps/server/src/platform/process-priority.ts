import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers this process's scheduling priority to `nice` (0–19), every thread of it: on Linux a priority is
 * per thread, so the threads already running (V8's, libuv's, libvips') are lowered one by one, and those
 * started later inherit it from the thread that starts them. Raising a nice value needs no privilege.
 * Answers how many threads were lowered.
 */
export function lowerProcessPriority(nice: number): number {
  // Not Linux: one call sets the whole process.
  const tids = threadIds()?.map(Number) ?? [0];
  let lowered = 0;
  for (const tid of tids) {
    try {
      // Only ever lower: a thread already nicer than asked keeps its value.
      if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
      lowered += 1;
    } catch {
      // A thread that ended between the listing and the call.
    }
  }
  return lowered;
}

/** The ids of this process's threads (Linux gives each its own priority), or null without /proc. */
export function threadIds(): string[] | null {
  try {
    return fs.readdirSync('/proc/self/task');
  } catch {
    return null;
  }
}
