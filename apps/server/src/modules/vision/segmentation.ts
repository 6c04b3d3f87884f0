import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MODEL_SIDE, type SegmentReply, type SegmenterMessage } from './segmenter.protocol';

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

/** Sends one picture to the segmenter (started when needed) and waits for its answer or its end. */
async function ask(image: Buffer): Promise<SegmentReply> {
  clearTimeout(idle);
  started ??= start();
  const proc = await started;
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
        reject(new SegmenterCrashed(`The segmenter stopped (${signal ?? `exit code ${code}`}) while segmenting the picture`));
      };
      // It may have ended since it was started (or while idle): that is a crash for this picture too.
      if (proc.exitCode !== null || proc.signalCode !== null) return onExit(proc.exitCode, proc.signalCode);
      proc.on('message', onMessage);
      proc.on('exit', onExit);
      // A callback, not the 'error' event: a closed channel must fail this picture, not the worker.
      proc.send({ id, image }, (err) => {
        if (!err) return;
        settle();
        reject(new SegmenterCrashed(`The segmenter could not be reached: ${err.message}`));
      });
    });
  } finally {
    // Idle, it must not keep the worker's process alive, and it gives its memory back after a while.
    proc.unref();
    proc.channel?.unref();
    idle = setTimeout(() => stop(proc), IDLE_MS);
    idle.unref();
  }
}

function stop(proc: ChildProcess): void {
  if (child === proc) [child, started] = [null, null];
  proc.kill();
}

// Inference takes a core for seconds: one image at a time, whoever asks.
let queue: Promise<unknown> = Promise.resolve();

/** The vehicle's mask at the image's own size (EXIF-rotated), by the IS-Net model on the CPU. */
export function segmentVehicle(image: Buffer): Promise<VehicleMask> {
  const run = queue.then(() => segment(image));
  queue = run.catch(() => undefined);
  return run;
}

async function segment(image: Buffer): Promise<VehicleMask> {
  const reply = await ask(image);
  if (reply.kind === 'unreadable') throw new UnreadablePicture(reply.message);
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
