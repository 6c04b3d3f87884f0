import { ThreadPool } from '../../platform/threads/thread-pool';
import {
  choosePlates,
  fullScaleFindings,
  halfScaleFindings,
  mergedCandidates,
  type GrayImage,
  type HalfScaleFindings,
  type PlateCandidate,
} from './plate-detector';
import { rankerScore } from './plate-ranker';

/** What the half-size thread receives: the picture's grey pixels (a copy) and the photo's own noise. */
export interface HalfScaleTask extends GrayImage {
  sourceNoise: number;
}

// From sources (tsx, Vitest) the thread runs its TypeScript file; in the server bundle, the entry that
// scripts/build.mjs writes beside the chunks.
const fromSources = import.meta.url.endsWith('.ts');
const ENTRY = new URL(fromSources ? './plate-half.thread.ts' : './plate-half.js', import.meta.url);

/**
 * One thread, started on the first picture and kept while pictures come (it stops after ten minutes without
 * one): its start (loading the detector's modules) would cost a picture far more than the thread saves it. An
 * idle thread never keeps the process alive (the pool unrefs it).
 */
let pool: ThreadPool<HalfScaleTask, HalfScaleFindings> | null = null;
// A thread that failed to start (an entry missing from a build, a platform without threads) is not tried again:
// every picture is then searched on the caller's thread alone, with the same plates. A started thread's failure
// (a task that threw, a thread that died) costs that picture only: the caller searches it, and the pool starts
// a new thread for the next.
let unavailable = false;
/** Whether the thread answered once (it is started), and the start under way. */
let ready = false;
let starting: Promise<void> | null = null;
/** The shared memory of the last picture sent, free again once the thread answered. */
let spare: SharedArrayBuffer | null = null;

/**
 * `detectPlatesInGray`'s plates, the same ones, with the half-size scale searched on a second core while the
 * caller's thread searches the full-size one (about a third of the detection's time, decision 0068). For one
 * picture alone: in a batch the second core is already busy decoding the next picture.
 */
export async function detectPlatesInGrayBeside(
  image: GrayImage,
  minConfidence?: number,
  sourceNoise = 0,
): Promise<PlateCandidate[]> {
  const atHalf = halfScaleBeside(image, sourceNoise);
  // The full-size scale meanwhile, on this thread; then the thread's answer, merged as `plateCandidates` merges.
  const atFull = fullScaleFindings(image, sourceNoise);
  const found = mergedCandidates(image, atFull, (await atHalf) ?? halfScaleFindings(image, sourceNoise));
  return choosePlates(
    found.map((c) => ({ ...c, rank: rankerScore(c) })),
    minConfidence,
  );
}

/**
 * The half-size scale's findings from the thread, or null for the caller to search it itself: while the thread
 * starts (this picture does not wait for it), or when there is none.
 */
export async function halfScaleBeside(image: GrayImage, sourceNoise: number): Promise<HalfScaleFindings | null> {
  if (unavailable) return null;
  // A thread that stopped idle is started again, as the first one was.
  if (pool && pool.threads === 0) ready = false;
  if (!ready && starting) return null;
  // The pixels are copied into memory the thread shares: posted as a plain array they are serialized twice,
  // ~0.5–1 ms of this thread's time a picture. That memory is kept for the next picture (fresh memory costs its
  // page faults again); a picture searched meanwhile (another request) takes memory of its own.
  const memory = spare && spare.byteLength >= image.data.length ? spare : new SharedArrayBuffer(image.data.length);
  spare = null;
  const data = new Uint8Array(memory, 0, image.data.length);
  data.set(image.data);
  const task = { width: image.width, height: image.height, data, sourceNoise };
  const used = (pool ??= new ThreadPool({ entry: ENTRY, size: 1, idleMs: 10 * 60_000 }));
  const answered = used.run(task).then(
    (found) => {
      spare = memory;
      if (pool === used) ready = true;
      return found;
    },
    (err: unknown) => {
      // A pool closed by `closePlateThread` is no failure: the next picture starts a new one.
      const closed = err instanceof Error && err.message === 'The thread pool is closed';
      if (pool === used && !ready && !closed) unavailable = true;
      return null;
    },
  );
  if (ready) return answered;
  // The thread's start (loading the detector's modules, ~0.1–0.5 s) is taken by this first task, whose answer
  // nobody waits for.
  starting = answered.then(() => {
    if (pool === used) starting = null;
  });
  return null;
}

/**
 * Starts the thread now and resolves once it answers (true) or cannot start (false): for a process whose first
 * pictures must be timed as a warm server's (`npm run bench -- plates`). Others start it with their first picture.
 */
export async function warmPlateThread(): Promise<boolean> {
  if (!ready && !unavailable) {
    await halfScaleBeside({ width: 64, height: 64, data: new Uint8Array(64 * 64) }, 0);
    await starting;
  }
  return ready;
}

/** Stops the thread (tests; a process that ends need not: an idle thread does not keep it alive). */
export async function closePlateThread(): Promise<void> {
  const closing = pool;
  pool = null;
  ready = false;
  starting = null;
  await closing?.close();
}
