import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A few worker threads for CPU-bound work that must not hold the event loop (a PDF's layout, a large
 * JSON): while one renders, the process keeps answering requests and its health checks. The threads
 * start on first use and stop after a while idle, so a process that never needs them holds none.
 *
 * The entry is a module whose top level handles `{ id, input }` messages on `parentPort` and answers
 * `{ id, output }` or `{ id, error }` (see `serveThreadTasks`). From sources (tsx, Vitest) it is a
 * TypeScript file, which a worker thread of Node 20 cannot load by itself: a small bootstrap registers
 * tsx's loader in the thread first.
 */
export interface ThreadPoolOptions {
  /** The entry module's file URL. */
  entry: URL;
  size: number;
  /** A thread with nothing to do stops after this long (its isolate's memory goes back). */
  idleMs: number;
}

interface Task {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  task: { id: number; task: Task } | null;
  idle: NodeJS.Timeout | undefined;
}

const require = createRequire(import.meta.url);

/** The thread's start from TypeScript sources: tsx's loader, then the entry. */
const TS_BOOTSTRAP = `const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then((tsx) => { tsx.register(); return import(workerData.entry); });`;

function startWorker(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  // tsx's ESM API (its `register`): resolved from its package, as its `require` export fails in a thread.
  const tsxApi = new URL('./dist/esm/api/index.mjs', pathToFileURL(require.resolve('tsx/package.json'))).href;
  return new Worker(TS_BOOTSTRAP, { eval: true, workerData: { tsxApi, entry: entry.href } });
}

export class ThreadPool<In, Out> {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;

  constructor(private readonly opts: ThreadPoolOptions) {}

  /** Runs one task on a free thread (started if needed), in order of arrival when all are busy. */
  run(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve: resolve as (o: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Threads running now (for tests and monitoring). */
  get threads(): number {
    return this.slots.length;
  }

  /** Stops every thread; tasks not finished are refused. */
  async close(): Promise<void> {
    for (const t of this.waiting.splice(0)) t.reject(new Error('The thread pool is closed'));
    await Promise.all([...this.slots].map((s) => this.stop(s, new Error('The thread pool is closed'))));
  }

  private dispatch(): void {
    while (this.waiting.length) {
      const slot = this.slots.find((s) => !s.task) ?? (this.slots.length < this.opts.size ? this.spawn() : null);
      if (!slot) return;
      const task = this.waiting.shift()!;
      clearTimeout(slot.idle);
      const id = this.nextId++;
      slot.task = { id, task };
      // A thread at work keeps the process alive until it answers; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ id, input: task.input });
    }
  }

  private spawn(): Slot {
    const worker = startWorker(this.opts.entry);
    const slot: Slot = { worker, task: null, idle: undefined };
    worker.on('message', (msg: { id: number; output?: unknown; error?: string }) => {
      const running = slot.task;
      if (!running || running.id !== msg.id) return;
      slot.task = null;
      if (msg.error !== undefined) running.task.reject(new Error(msg.error));
      else running.task.resolve(msg.output);
      this.rest(slot);
      this.dispatch();
    });
    // A thread that fails or exits takes its task with it (refused); the next task starts a new thread.
    const gone = (err: Error) => {
      const index = this.slots.indexOf(slot);
      if (index === -1) return;
      this.slots.splice(index, 1);
      clearTimeout(slot.idle);
      slot.task?.task.reject(err);
      slot.task = null;
      this.dispatch();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`The worker thread stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private rest(slot: Slot): void {
    slot.worker.unref();
    slot.idle = setTimeout(
      () => void this.stop(slot, new Error('The worker thread stopped while idle')),
      this.opts.idleMs,
    );
    slot.idle.unref();
  }

  private async stop(slot: Slot, reason: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    clearTimeout(slot.idle);
    slot.task?.task.reject(reason);
    slot.task = null;
    await slot.worker.terminate();
  }
}
