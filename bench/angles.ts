// `npm run bench -- angles [--only eu|us] [--no-record]`: angle recognition (decision 0056) on the photos of
// ../shared/datasets/plates, against the labels in bench/fixtures/angle-labels.json (set by looking at each photo):
// accuracy, per-class recall and precision, the confusion matrix and time per picture, through the same
// measureAngleFeatures and classifyAngle the `marketplaces.recognise-angles` job runs. Per-picture features and
// verdicts are written to bench/out/angles.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PICTURE_ANGLES } from '@forecourt/contracts';
import { measureAngleFeatures } from '../apps/server/src/modules/marketplaces/angle-features';
import { classifyAngle } from '../apps/server/src/modules/marketplaces/angle-rules';
import { loadCv } from '../apps/server/src/modules/vision/opencv';
import { emit, recordRow } from './lib/report';

const root = path.resolve(import.meta.dirname, '..');
const dataset = path.resolve(root, '../shared/datasets/plates');
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;
// Every Nth labelled photo, for a shorter run on a busy machine (the row says how many were read).
const every = argv.includes('--every') ? Math.max(1, Number(argv[argv.indexOf('--every') + 1])) : 1;
const { labels } = JSON.parse(fs.readFileSync(path.join(root, 'bench/fixtures/angle-labels.json'), 'utf8')) as {
  labels: Record<string, string>;
};

if (!fs.existsSync(dataset)) {
  emit({ error: `${dataset} not found: the labelled photos live beside the project, in ../shared` });
  process.exit(1);
}
await loadCv();

const NONE = 'none';
const classes = [...PICTURE_ANGLES, NONE] as string[];
const confusion = new Map<string, Map<string, number>>();
const perPicture: unknown[] = [];
let read = 0;
let right = 0;
let ms = 0;
const started = os.loadavg()[0]!;
for (const [index, [file, truth]] of Object.entries(labels).entries()) {
  if (only && !file.startsWith(`${only}/`)) continue;
  if (index % every !== 0) continue;
  const full = path.join(dataset, file);
  if (!fs.existsSync(full)) continue;
  const bytes = fs.readFileSync(full);
  const t = performance.now();
  const features = await measureAngleFeatures(bytes);
  const verdict = classifyAngle(features);
  ms += performance.now() - t;
  const predicted = verdict.angle ?? NONE;
  read += 1;
  if (predicted === truth) right += 1;
  const row = confusion.get(truth) ?? new Map<string, number>();
  row.set(predicted, (row.get(predicted) ?? 0) + 1);
  confusion.set(truth, row);
  perPicture.push({ file, truth, predicted, rule: verdict.rule, features });
  if (process.env.BENCH_VERBOSE) emit({ file, truth, predicted, rule: verdict.rule });
}

const count = (truth: string, predicted?: string) =>
  predicted === undefined
    ? [...(confusion.get(truth)?.values() ?? [])].reduce((a, b) => a + b, 0)
    : (confusion.get(truth)?.get(predicted) ?? 0);
const predictedAs = (c: string) => [...confusion.keys()].reduce((n, t) => n + count(t, c), 0);
const r3 = (v: number) => Math.round(v * 1000) / 1000;
const truths = classes.filter((c) => count(c) > 0);
const seen = classes.filter((c) => predictedAs(c) > 0);
const perClass = truths.map((c) => ({
  angle: c,
  pictures: count(c),
  recall: r3(count(c, c) / count(c)),
  precision: predictedAs(c) ? r3(count(c, c) / predictedAs(c)) : null,
}));
// The two questions the rules answer in turn: which end of the car, and straight or ¾.
const end = (a: string) => (a.startsWith('front') ? 'front' : a.startsWith('rear') ? 'rear' : a);
const turned = (a: string) => (a === NONE ? NONE : a.endsWith('three_quarter') ? '¾' : 'straight');
const agree = (f: (a: string) => string) =>
  r3(
    [...confusion.entries()].reduce(
      (n, [t, row]) => n + [...row.entries()].reduce((m, [p, k]) => m + (f(p) === f(t) ? k : 0), 0),
      0,
    ) / read,
  );
const figures = {
  read,
  accuracy: r3(right / read),
  frontOrRear: agree(end),
  straightOrThreeQuarter: agree(turned),
  notRecognised: r3(predictedAs(NONE) / read),
  msPerPicture: Math.round(ms / read),
};
emit({ ...figures, perClass });
const matrix = truths.map((t) => `${t}: ${seen.map((p) => `${p} ${count(t, p)}`).join(', ')}`).join('; ');
emit({ confusion: matrix });
fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/out/angles.json'), JSON.stringify(perPicture, null, 1));

recordRow(
  'angles',
  `${read} labelled real photos of ../shared/datasets/plates${only ? ` (${only} only)` : ''} (bench/fixtures/angle-labels.json${every > 1 ? `, every ${every}th of ${Object.keys(labels).length}` : ''}): ` +
    `accuracy ${figures.accuracy} (front or rear end ${figures.frontOrRear}, straight or ¾ ${figures.straightOrThreeQuarter}, ` +
    `not recognised ${figures.notRecognised}); per class recall/precision: ` +
    perClass.map((c) => `${c.angle} (${c.pictures}) ${c.recall}/${c.precision ?? '—'}`).join(', ') +
    `; confusion (truth: predicted count): ${matrix}; ${figures.msPerPicture} ms/picture (plate detection + IS-Net mask at 640² + colours); ` +
    `load average ${started.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end (machine shared with other engineers' work)`,
  null,
);
// The segmenter process would keep the bench alive until its idle stop.
process.exit(0);
