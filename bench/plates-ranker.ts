// `npm run bench -- plates-ranker [--write] [--no-record]`: the plate ranker (decision 0069) on
// `../shared/datasets/plates`: recall and precision with the hand-made rank alone, with the shipped weights, and
// cross-validated (weights fitted on four fifths of the photos, scored on the fifth left out, 5 folds × 3 shuffles,
// successive frames of one video kept in one fold). `--write` fits on every photo and writes
// apps/server/src/modules/vision/plate-ranker.weights.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeForPlates } from '../apps/server/src/modules/vision/detect-plates';
import { plateCandidates, type RankedCandidate } from '../apps/server/src/modules/vision/plate-detector';
import { HAND_MADE, RANKER_INPUTS } from '../apps/server/src/modules/vision/plate-ranker';
import trained from '../apps/server/src/modules/vision/plate-ranker.weights.json';
import { readTruth } from '../apps/server/src/modules/vision/plate-truth';
import { crossValidate, evaluate, fit, PENALTY, type PictureCandidates } from './lib/plate-ranker-training';
import { emit, recordRow } from './lib/report';

const root = path.resolve(import.meta.dirname, '..');
const weightsFile = path.join(root, 'apps/server/src/modules/vision/plate-ranker.weights.json');
const FOLDS = 5;
const SHUFFLES = 3;

const pictures: PictureCandidates[] = [];
for (const set of ['eu', 'us']) {
  const folder = path.resolve(root, '../shared/datasets/plates', set);
  if (!fs.existsSync(folder)) {
    emit({ folder, error: 'folder not found, skipped' });
    continue;
  }
  for (const sample of readTruth(folder)) {
    const { width, height, gray, sourceNoise } = await decodeForPlates(fs.readFileSync(sample.image));
    const sx = width / gray.width;
    const sy = height / gray.height;
    const candidates = plateCandidates(gray, sourceNoise).map((c): RankedCandidate => ({
      ...c,
      corners: c.corners.map((p) => ({ x: p.x * sx, y: p.y * sy })) as unknown as RankedCandidate['corners'],
    }));
    const name = path.basename(sample.image);
    // The `wts-lg-NNNNNN` photos are frames of videos: ten successive ones often show the same car.
    const group = `${set}/${/^wts-lg-\d+\.jpg$/.test(name) ? name.slice(0, -5) : name}`;
    pictures.push({ set, group, truth: sample.boxes, candidates });
  }
}
emit({ read: pictures.length });

const shipped = RANKER_INPUTS.map((name) => (trained.weights as Record<string, number>)[name] ?? 0);
const handMade = evaluate(pictures.map((picture) => ({ picture, weights: HAND_MADE })));
const current = evaluate(pictures.map((picture) => ({ picture, weights: shipped })));
const validated = Array.from({ length: SHUFFLES }, (_, seed) => crossValidate(pictures, FOLDS, seed + 1));
emit({ handMade });
emit({ shipped: current });
validated.forEach((figures, seed) => emit({ crossValidated: figures, shuffle: seed + 1 }));

if (process.argv.includes('--write')) {
  const w = fit(pictures);
  const weights = Object.fromEntries(RANKER_INPUTS.map((name, i) => [name, Math.round(w[i]! * 1000) / 1000]));
  fs.writeFileSync(weightsFile, `${JSON.stringify({ penalty: PENALTY, photos: pictures.length, weights }, null, 2)}\n`);
  emit({ written: path.relative(root, weightsFile), weights });
}

const line = (f: Record<string, { recall: number; precision: number }>) =>
  Object.entries(f)
    .map(([set, v]) => `${set} ${v.recall}/${v.precision}`)
    .join(', ');
if (!process.argv.includes('--no-record') && pictures.length)
  recordRow(
    'plates-ranker',
    `${pictures.length} photos of ../shared/datasets/plates, recall/precision: hand-made rank ${line(handMade)}; shipped weights (in-sample) ${line(current)}; ${FOLDS}-fold cross-validated by photo (video frames grouped by ten), ${SHUFFLES} shuffles: ${validated.map(line).join('; ')}; load average ${os.loadavg()[0]!.toFixed(1)}`,
    null,
  );
