// `npm run bench -- plates [FOLDER...] [--no-record]`: plate detection recall, precision (IoU >= 0.5 against the truth
// box) and milliseconds per image, two ways (decision 0068):
// - msPerImage: the latency of one picture alone (detectPlates: decoding, then detection), pictures one after the
//   other. This is the figure issue 33's goal (≤ 30 ms a picture) is judged on.
// - batchMsPerImage: a folder's whole batch through detectPlatesOfEach, as the /vision/v1/plate/corners route runs a
//   shooting's pictures (the next picture decoded on sharp's thread while this one's plates are searched), divided
//   by its pictures: the throughput on 2 cores. Its results must be the same as one by one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectPlates, detectPlatesOfEach } from '../apps/server/src/modules/vision/detect-plates';
import { warmPlateThread } from '../apps/server/src/modules/vision/plate-half-thread';
import { scoreDetections, readTruth } from '../apps/server/src/modules/vision/plate-truth';
import { emit, recordRow } from './lib/report';

const root = path.resolve(import.meta.dirname, '..');
// Flags (`--no-record`) are not folders.
const given = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const folders = given.length
  ? given.map((f) => path.resolve(f))
  : ['eu', 'us'].map((f) => path.resolve(root, '../shared/datasets/plates', f));

const totals = { images: 0, truths: 0, found: 0, detections: 0, correct: 0, ms: 0, batchMs: 0 };
const perFolder: string[] = [];
// Issue 33's goals: recall and precision ≥ 0.95 on the European photos and ≥ 0.85 on the North American
// ones, at ≤ 30 ms a picture.
const GOALS: Record<string, number> = { eu: 0.95, us: 0.85 };
const MAX_MS = 30;
let goalMet: boolean | null = null;
for (const folder of folders) {
  if (!fs.existsSync(folder)) {
    emit({ folder, error: 'folder not found, skipped' });
    continue;
  }
  const samples = readTruth(folder);
  const f = { images: 0, truths: 0, found: 0, detections: 0, correct: 0, ms: 0, batchMs: 0 };
  const pictures = samples.map((sample) => fs.readFileSync(sample.image));
  const alone: string[] = [];
  // Once untimed: the server is a warm process, its first call's loading of libvips and compiling of the detector
  // is not a picture's time.
  if (pictures.length) await detectPlates(pictures[0]!);
  // ...nor the start of the thread that searches a picture's half-size scale (decision 0068).
  await warmPlateThread();
  for (const [k, sample] of samples.entries()) {
    const start = performance.now();
    const result = await detectPlates(pictures[k]!);
    f.ms += performance.now() - start;
    alone.push(JSON.stringify(result));
    const s = scoreDetections(
      result.plates.map((p) => p.corners),
      sample.boxes,
    );
    f.images += 1;
    f.truths += sample.boxes.length;
    f.found += s.found;
    f.detections += result.plates.length;
    f.correct += s.correct;
    if (process.env.BENCH_VERBOSE)
      emit({
        file: path.basename(sample.image),
        found: s.found,
        detections: result.plates.length,
        confidences: result.plates.map((p) => +p.confidence.toFixed(2)),
      });
  }
  const batchStart = performance.now();
  const batch = await detectPlatesOfEach(pictures, async (bytes) => bytes);
  f.batchMs = performance.now() - batchStart;
  if (batch.some((result, k) => JSON.stringify(result) !== alone[k]))
    throw new Error(`${folder}: the batch found other plates than the pictures one by one`);
  for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += f[k];
  const figures = summary(f);
  emit({ folder: path.basename(folder), read: f.images, ...figures });
  perFolder.push(
    `${path.basename(folder)}: ${f.images} images, recall ${figures.recall}, precision ${figures.precision}, ${figures.msPerImage} ms/image alone (batch of the folder: ${figures.batchMsPerImage} ms/image)`,
  );
  const goal = GOALS[path.basename(folder)];
  if (goal !== undefined) {
    const met = figures.recall >= goal && figures.precision >= goal && figures.msPerImage <= MAX_MS;
    goalMet = (goalMet ?? true) && met;
  }
}
if (totals.images > 0)
  recordRow(
    'plates',
    `${perFolder.join('; ')}; load average ${os.loadavg()[0]!.toFixed(1)} (machine shared with other engineers' work)`,
    goalMet,
  );
emit({ total: true, read: totals.images, ...summary(totals) });

function summary(f: typeof totals) {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return {
    recall: r(f.truths ? f.found / f.truths : 0),
    precision: r(f.detections ? f.correct / f.detections : 0),
    msPerImage: Math.round(f.images ? f.ms / f.images : 0),
    batchMsPerImage: Math.round(f.images ? f.batchMs / f.images : 0),
  };
}
