import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints, run by a worker thread on a connection of its own instead of by the commits
 * of the event loop's connection. With the automatic checkpoint (every 1000 pages), the commit that
 * crosses the mark copies the WAL into the database file and syncs it before returning: 50–140 ms of a
 * held event loop, a few times a minute under load. The main connection sets `wal_autocheckpoint = 0`
 * and this thread runs a PASSIVE checkpoint every interval, which waits for nobody and blocks no writer:
 * commits keep appending to the WAL meanwhile, and the first one after a complete checkpoint starts the
 * WAL again from its beginning. A round that commits overtook is followed by another 20 ms later, so that
 * one lands in a pause of the writes and completes. Under writes without pauses (or readers that keep a
 * checkpoint from completing, a long backup) the WAL would grow: past `walLimitBytes` a TRUNCATE, which
 * holds writers while it copies what the passive rounds left and empties the file, brings it back to empty
 * (`npm run bench -- checkpoint`: 10–20 ms of a commit at 200 commits a second without pause, against
 * SQLite's own checkpoint inside the commit).
 */
export interface CheckpointOptions {
  intervalMs: number;
  walLimitBytes: number;
}

export const DEFAULT_CHECKPOINTS: CheckpointOptions = { intervalMs: 1000, walLimitBytes: 16 * 1024 * 1024 };

/** The next round after one that writes overtook (it could not copy every frame). */
const RETRY_MS = 20;

export interface Checkpointer {
  /** Ends the thread, its connection closed; the file's connections can then close. */
  stop(): Promise<void>;
}

export interface CheckpointerEvents {
  /** A checkpoint failed (the next round retries). */
  onError(message: string): void;
  /** The thread ended on its own: the caller's connection must checkpoint again, or the WAL would grow. */
  onDeath(): void;
}

const require = createRequire(import.meta.url);

// Plain JavaScript run as the thread's script, so that neither the sources (TypeScript) nor the bundle
// need an entry file of their own; better-sqlite3 is loaded from where this module resolves it.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
// A TRUNCATE waits this long for readers and writers, then gives up until the next round.
db.pragma('busy_timeout = 1000');
const passive = db.prepare('pragma wal_checkpoint(PASSIVE)');
const truncate = db.prepare('pragma wal_checkpoint(TRUNCATE)');
const walSize = () => { try { return fs.statSync(workerData.file + '-wal').size; } catch { return 0; } };
let timer;
const round = () => {
  let behind = false;
  try {
    const { log, checkpointed } = passive.get();
    if (walSize() > workerData.walLimitBytes) truncate.get();
    else behind = checkpointed < log;
  } catch (err) {
    // SQLITE_BUSY (another process's checkpoint, a TRUNCATE that waited in vain): the next round retries.
    if (err.code !== 'SQLITE_BUSY') parentPort.postMessage({ error: err.message });
  }
  // Commits came in while it copied: again soon, so that one round finds a pause in the writes, completes,
  // and lets the next commit start the WAL again from its beginning.
  timer = setTimeout(round, behind ? workerData.retryMs : workerData.intervalMs);
};
timer = setTimeout(round, workerData.intervalMs);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Starts the checkpoints of an SQLite file whose connections run none themselves. The thread starts after
 * the first interval (a process that opens the file for a moment never starts it) and is unreferenced: it
 * never keeps the process alive.
 */
export function startCheckpointer(file: string, opts: CheckpointOptions, events: CheckpointerEvents): Checkpointer {
  let thread: { worker: Worker; exited: Promise<void> } | null = null;
  let stopped = false;
  const start = setTimeout(() => {
    if (stopped) return;
    const worker = new Worker(THREAD, {
      eval: true,
      workerData: {
        file,
        driver: require.resolve('better-sqlite3'),
        intervalMs: opts.intervalMs,
        retryMs: Math.min(RETRY_MS, opts.intervalMs),
        walLimitBytes: opts.walLimitBytes,
      },
    });
    worker.unref();
    worker.on('message', (m: { error: string }) => events.onError(m.error));
    worker.on('error', (err) => events.onError(err instanceof Error ? err.message : String(err)));
    const exited = new Promise<void>((resolve) =>
      worker.once('exit', () => {
        if (!stopped) events.onDeath();
        resolve();
      }),
    );
    thread = { worker, exited };
  }, opts.intervalMs);
  start.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(start);
      if (!thread) return;
      // Held while it closes its connection: unreferenced, a process with nothing else to do would exit
      // here, before the caller's own connection is closed.
      thread.worker.ref();
      thread.worker.postMessage('stop');
      await thread.exited;
    },
  };
}
