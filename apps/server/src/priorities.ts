/**
 * Every scheduling priority (Linux nice value) the server sets, in one table, lowest nice (most favoured)
 * first. The event loop's thread of an API or embedded process stays at nice 0: every request, health
 * check and job lease renewal waits for it, so everything else is placed below it, in the order of who
 * waits for whom. Raising a nice value needs no privilege; lowering it again would, so each value is set
 * once and only ever raised.
 */
export const NICE = {
  /**
   * The thread that searches a picture's half-size scale beside the loop (vision/plate-half-thread.ts): the
   * request waits for it as for the loop, and its work (~7 ms a picture) is a part of the loop's own that it
   * takes over, so it runs as the loop does.
   */
  plateThread: 0,
  /**
   * A report's thread pool (threads/thread-tasks.ts): a user waits for the PDF being laid out, so only a
   * little below the loop, which keeps its core while a layout (or the thread's seconds of start) runs.
   */
  reportThreads: 5,
  /**
   * A `--role=worker` process, every thread of it (process-priority.ts, the default of `WORKER_NICE`):
   * sharing cores with API processes, requests win and jobs wait; above the segmenter and libvips, which
   * run on its behalf.
   */
  workerProcess: 10,
  /**
   * The segmenter's process (vision/segmenter.process.ts): far below requests, above the compositions'
   * libvips threads, as the pictures of an editing batch wait for the segmenter one after the other,
   * whereas a composition can wait for a free core.
   */
  segmenter: 15,
  /**
   * libvips' threads in a process that does background pixel work (pixels/pixel-threads.ts): the lowest.
   * They take what the loop leaves, which on two cores is at least one core, as the loop is one thread.
   */
  pixelThreads: 19,
} as const;
