import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MODEL_SIDE, type SegmentReply, type SegmentRequest, type SegmenterMessage } from './segmenter.protocol';

export interface VehicleMask {
  width: number;
  height: number;
  /** One byte a pixel, 255 where the vehicle is, soft at its edge. */
  alpha: Buffer;
}

/** The file is not a picture, or a damaged one: segmenting it again will not help. */
export class UnreadablePicture extends Error {}

/** The segmenter process stopped while it worked on a picture: a new one starts for the next try. */
export class SegmenterCrashed extends Error {}

// From sources (tsx, vitest) the segmenter is its TypeScript file; in the server bundle, the entry that
// scripts/build.mjs writes beside the chunks.
const fromSources = import.meta.url.endsWith('.ts');
const entry = fileURLToPath(new URL(fromSources ? './segmenter.process.ts' : './segmenter.js', import.meta.url));
// An idle segmenter holds the model and its working memory (about 1 GB): it stops after this long idle.
const IDLE_MS = 60_000;

let child: ChildProcess | null = null;
let started: Promise<ChildProcess> | null = null;
let idle: NodeJS.Timeout | undefined;
let nextId = 1;

/**
 * How the segmenter process is started, for its memory: `--expose-gc` lets it drop the model file and the
 * previous picture's buffers before an inference (the JavaScript heap is too small for V8 to collect them
 * by itself); glibc's per-thread arenas would multiply the footprint of the runtime's threads, and
 * allocations of a megabyte or more are mapped and unmapped on their own, so a freed buffer leaves the
 * process at once instead of staying in the heap.
 */
const SEGMENTER_NODE_OPTIONS = ['--expose-gc'];
const SEGMENTER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(1024 * 1024) };

function start(): Promise<ChildProcess> {
  const proc = fork(entry, [], {
    execArgv: [...(fromSources ? ['--import', 'tsx'] : []), ...SEGMENTER_NODE_OPTIONS],
    serialization: 'advanced',
    env: { ...process.env, ...SEGMENTER_MALLOC_ENV },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    // Rejecting once started changes nothing; forgetting it makes the next picture start a new one.
    const ended = (why: string) => {
      if (child === proc) [child, started] = [null, null];
      reject(new SegmenterCrashed(`The segmenter did not start (${why})`));
    };
    proc.once('message', () => resolve(proc));
    proc.on('error', (err) => ended(err.message));
    proc.once('exit', (code, signal) => ended(signal ?? `exit code ${code}`));
  });
}

/** The segmenter, started if none runs, kept from stopping while it is wanted. */
function segmenter(): Promise<ChildProcess> {
  clearTimeout(idle);
  started ??= start();
  return started;
}

/** Idle, the segmenter must not keep the worker's process alive, and it gives its memory back after a while. */
function release(proc: ChildProcess): void {
  proc.unref();
  proc.channel?.unref();
  clearTimeout(idle);
  idle = setTimeout(() => stop(proc), IDLE_MS);
  idle.unref();
}

/** Sends one picture to the segmenter (started when needed) and waits for its answer or its end. */
async function ask(picture: ModelInput, starting: Promise<ChildProcess> | null): Promise<SegmentReply> {
  const proc = await (starting ?? segmenter());
  proc.ref();
  proc.channel?.ref();
  const id = nextId++;
  try {
    return await new Promise<SegmentReply>((resolve, reject) => {
      const settle = () => {
        proc.off('message', onMessage);
        proc.off('exit', onExit);
      };
      const onMessage = (message: SegmenterMessage) => {
        if (!('id' in message) || message.id !== id) return;
        settle();
        resolve(message.reply);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        settle();
        reject(
          new SegmenterCrashed(`The segmenter stopped (${signal ?? `exit code ${code}`}) while segmenting the picture`),
        );
      };
      // It may have ended since it was started (or while idle): that is a crash for this picture too.
      if (proc.exitCode !== null || proc.signalCode !== null) return onExit(proc.exitCode, proc.signalCode);
      proc.on('message', onMessage);
      proc.on('exit', onExit);
      // A callback, not the 'error' event: a closed channel must fail this picture, not the worker.
      proc.send({ id, ...picture } satisfies SegmentRequest, (err) => {
        if (!err) return;
        // A closed channel is most often a segmenter that has just died: its exit, which follows, says how
        // (onExit is still listening). Only a channel closed on a live process is reported as such.
        if (proc.exitCode !== null || proc.signalCode !== null) return onExit(proc.exitCode, proc.signalCode);
        const unreachable = setTimeout(() => {
          settle();
          reject(new SegmenterCrashed(`The segmenter could not be reached: ${err.message}`));
        }, 2000);
        proc.once('exit', () => clearTimeout(unreachable));
      });
    });
  } finally {
    release(proc);
  }
}

function stop(proc: ChildProcess): void {
  if (child === proc) [child, started] = [null, null];
  proc.kill();
}

// Inference takes a core for seconds: one image at a time, whoever asks. The next picture is sent as soon as
// the previous answer is in: its mask is enlarged by the worker while the segmenter already works.
let queue: Promise<unknown> = Promise.resolve();
// Pictures asked and not answered yet, and who wants to know when the segmenter starts or stops working.
let pending = 0;
const listeners = new Set<(busy: boolean) => void>();

function track(change: 1 | -1): void {
  pending += change;
  if (pending === (change === 1 ? 1 : 0)) for (const listener of listeners) listener(pending > 0);
}

/** Whether the segmenter has a picture to work on, and each time that changes. */
export interface SegmenterActivity {
  busy(): boolean;
  /** Calls the listener with the new state at each change; returns the unsubscribe function. */
  subscribe(listener: (busy: boolean) => void): () => void;
}

export const segmenterActivity: SegmenterActivity = {
  busy: () => pending > 0,
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The vehicle's mask at the image's own size (EXIF-rotated), by the IS-Net model on the CPU. */
export function segmentVehicle(image: Buffer): Promise<VehicleMask> {
  // The picture is decoded here, at once, while the segmenter still works on the previous one, or starts
  // and loads its model (that start is this picture's: if it fails, so does the picture).
  const starting = pending === 0 ? segmenter() : null;
  starting?.catch(() => undefined);
  track(1);
  const input = modelInput(image);
  input.catch(() => undefined);
  const reply = queue
    .then(async () => {
      const picture = await input.catch((err: Error) => {
        if (child) release(child);
        throw err;
      });
      return ask(picture, starting);
    })
    .finally(() => track(-1));
  queue = reply.catch(() => undefined);
  return reply.then(toMask);
}

type ModelInput = Omit<SegmentRequest, 'id'>;

/** The model's input from a picture file: upright (EXIF-rotated), at the model's side, RGB. */
async function modelInput(image: Buffer): Promise<ModelInput> {
  try {
    const [meta, pixels] = await Promise.all([
      sharp(image).metadata(),
      sharp(image, { failOn: 'truncated' })
        .rotate()
        .resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer(),
    ]);
    if (!meta.width || !meta.height) throw new Error('Not an image');
    const upright = (meta.orientation ?? 1) >= 5;
    return { width: upright ? meta.height : meta.width, height: upright ? meta.width : meta.height, pixels };
  } catch (err) {
    throw new UnreadablePicture((err as Error).message);
  }
}

async function toMask(reply: SegmentReply): Promise<VehicleMask> {
  if (reply.kind === 'failed') throw new Error(`The segmentation failed: ${reply.message}`);
  const { width, height } = reply;
  const alpha = await sharp(reply.mask, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { width, height, alpha };
}

/** The running segmenter's process id, if one runs (for the worker's monitoring and its tests). */
export const segmenterPid = (): number | undefined => child?.pid;
