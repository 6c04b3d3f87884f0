import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { NICE } from '../../priorities';

/**
 * The thread side of a `ThreadPool`: answers each `{ id, input }` message with `{ id, output }`, or
 * `{ id, error }` (its message) when the handler throws. Called once at the top of a thread's entry.
 */
export function serveThreadTasks<In, Out>(
  handler: (input: In) => Promise<Out> | Out,
  /** This thread's nice value (priorities.ts). */
  nice: number = NICE.reportThreads,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveThreadTasks runs in a worker thread only');
  // This thread only (Linux gives each thread its own nice): below the event loop's thread, which every
  // request waits for, so a PDF being laid out (or this thread's start, seconds of module loading and
  // font parsing) takes the cores the loop leaves rather than preempting it.
  try {
    os.setPriority(nice);
  } catch {
    // A platform without per-thread priorities: the thread runs as the loop does.
  }
  port.on('message', (msg: { id: number; input: In }) => {
    Promise.resolve()
      .then(() => handler(msg.input))
      .then(
        (output) => port.postMessage({ id: msg.id, output }),
        (err: unknown) => port.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
      );
  });
}
