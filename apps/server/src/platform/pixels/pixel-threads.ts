import fs from 'node:fs';
import os from 'node:os';

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

// libvips starts threads as work needs them and keeps them: a new one is lowered at the next look, no
// more often than this, as each look reads /proc (a few hundred microseconds on the event loop).
const LOOK_EVERY_MS = 5000;
let lastLook = -Infinity;

/** Lowers every libvips thread of the process now (those started since the last call included). */
export function lowerPixelThreadsNow(): void {
  lastLook = performance.now();
  const tasks = '/proc/self/task';
  if (!fs.existsSync(tasks)) return;
  for (const thread of fs.readdirSync(tasks)) {
    try {
      // libvips names its threads; libuv's (file reads, zlib) and the event loop's are left alone.
      if (fs.readFileSync(`${tasks}/${thread}/comm`, 'utf8').trim() === 'libvips worker') os.setPriority(Number(thread), PIXEL_THREADS_NICE);
    } catch {
      // The thread ended between the listing and the reading.
    }
  }
}

/** `lowerPixelThreadsNow`, at most once every few seconds: called whenever background pixel work starts. */
export function lowerPixelThreads(): void {
  if (performance.now() - lastLook >= LOOK_EVERY_MS) lowerPixelThreadsNow();
}
