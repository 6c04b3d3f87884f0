// `npm run bench -- plates [FOLDER...] [--no-record]`: plate detection recall, precision (IoU >= 0.5 against the truth
// box) and milliseconds per image, through the same detectPlates the /vision/v1/plate/corners route runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectPlates } from '../apps/server/src/modules/vision/detect-plates';
import { scoreDetections, readTruth } from '../apps/server/src/modules/vision/plate-truth';
import { emit, recordRow } from './lib/report';

const root = path.resolve(import.meta.dirname, '..');
// Flags (`--no-record`) are not folders.
const given = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const folders = given.length
  ? given.map((f) => path.resolve(f))
  : ['eu', 'us'].map((f) => path.resolve(root, '../shared/datasets/plates', f));

const totals = { images: 0, truths: 0, found: 0, detections: 0, correct: 0, ms: 0 };
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
  const f = { images: 0, truths: 0, found: 0, detections: 0, correct: 0, ms: 0 };
  for (const sample of samples) {
    const bytes = fs.readFileSync(sample.image);
    const start = performance.now();
    const result = await detectPlates(bytes);
    f.ms += performance.now() - start;
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
  for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += f[k];
  const figures = summary(f);
  emit({ folder: path.basename(folder), read: f.images, ...figures });
  perFolder.push(
    `${path.basename(folder)}: ${f.images} images, recall ${figures.recall}, precision ${figures.precision}, ${figures.msPerImage} ms/image`,
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
  };
}
