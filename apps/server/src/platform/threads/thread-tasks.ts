import { parentPort } from 'node:worker_threads';

/**
 * The thread side of a `ThreadPool`: answers each `{ id, input }` message with `{ id, output }`, or
 * `{ id, error }` (its message) when the handler throws. Called once at the top of a thread's entry.
 */
export function serveThreadTasks<In, Out>(handler: (input: In) => Promise<Out> | Out): void {
  const port = parentPort;
  if (!port) throw new Error('serveThreadTasks runs in a worker thread only');
  port.on('message', (msg: { id: number; input: In }) => {
    Promise.resolve()
      .then(() => handler(msg.input))
      .then(
        (output) => port.postMessage({ id: msg.id, output }),
        (err: unknown) => port.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
      );
  });
}
