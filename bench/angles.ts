// `npm run bench -- angles [--only eu|us] [--every N] [--saved] [--train] [--balanced] [--no-record]`: angle recognition
// (decisions 0056, 0061, 0064) on the photos of ../shared/datasets/plates, against the labels of
// bench/fixtures/angle-labels.json (set by looking at each photo). Each photo's features are measured with the
// job's own measureAngleFeatures (plate detector, IS-Net mask, colours, circles) and saved to
// bench/out/angles.json; `--saved` re-reads them from there instead of measuring again. The end-view model (a
// random forest, decision 0064) is scored by 10-fold cross-validation only (each photo named by a model grown
// without it, through the job's classifyAngle), so the figures are for photos the model was not grown on.
// `--train` then grows the model on every photo and writes
// apps/server/src/modules/marketplaces/angle-model.weights.json.
// Then the real photos that Debian packages ship (bench/fixtures/angle-labels-packaged.json, decision 0074: side
// views, a wheel, pictures that are no car), fetched with apt-get into bench/out/packages/, are named by the
// model grown on every plates photo and the rules, and scored apart: `--no-packaged` leaves them out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PICTURE_ANGLES } from '@forecourt/contracts';
import { measureAngleFeatures } from '../apps/server/src/modules/marketplaces/angle-features';
import { END_VIEWS, featureVector } from '../apps/server/src/modules/marketplaces/angle-model';
import { classifyAngle, type AngleFeatures } from '../apps/server/src/modules/marketplaces/angle-rules';
import { loadCv } from '../apps/server/src/modules/vision/opencv';
import { FOLDS, FOREST, fit, foldsOf } from './lib/angle-training';
import { onBackdrop, unpack, type PackagedLabels } from './lib/packaged-photos';
import { emit, recordRow } from './lib/report';

const root = path.resolve(import.meta.dirname, '..');
const dataset = path.resolve(root, '../shared/datasets/plates');
const saved = path.join(root, 'bench/out/angles.json');
const weightsFile = path.join(root, 'apps/server/src/modules/marketplaces/angle-model.weights.json');
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;
// Every Nth labelled photo, for a shorter run on a busy machine (the row says how many were read).
const every = argv.includes('--every') ? Math.max(1, Number(argv[argv.indexOf('--every') + 1])) : 1;
const { labels } = JSON.parse(fs.readFileSync(path.join(root, 'bench/fixtures/angle-labels.json'), 'utf8')) as {
  labels: Record<string, string>;
};

interface Measured {
  file: string;
  truth: string;
  ms?: number;
  features: AngleFeatures;
}

let measured: Measured[];
const started = os.loadavg()[0]!;
if (argv.includes('--saved')) {
  const byFile = new Map((JSON.parse(fs.readFileSync(saved, 'utf8')) as Measured[]).map((m) => [m.file, m]));
  measured = Object.entries(labels)
    .filter(([file], index) => (!only || file.startsWith(`${only}/`)) && index % every === 0 && byFile.has(file))
    .map(([file, truth]) => ({ ...byFile.get(file)!, truth }));
} else {
  if (!fs.existsSync(dataset)) {
    emit({ error: `${dataset} not found: the labelled photos live beside the project, in ../shared` });
    process.exit(1);
  }
  await loadCv();
  measured = [];
  for (const [index, [file, truth]] of Object.entries(labels).entries()) {
    if (only && !file.startsWith(`${only}/`)) continue;
    if (index % every !== 0) continue;
    const full = path.join(dataset, file);
    if (!fs.existsSync(full)) continue;
    const t = performance.now();
    const features = await measureAngleFeatures(fs.readFileSync(full));
    measured.push({ file, truth, ms: performance.now() - t, features });
    if (process.env.BENCH_VERBOSE) emit({ file, truth });
  }
  fs.mkdirSync(path.dirname(saved), { recursive: true });
  fs.writeFileSync(saved, JSON.stringify(measured, null, 1));
}

// Cross-validation: the folds are dealt by label, the model of each fold fitted on the other nine.
const samples = measured.map((m) => ({ x: featureVector(m.features), y: END_VIEWS.indexOf(m.truth as never) }));
const fold = foldsOf(samples);
// `--balanced`: each tree grown on equal shares of the four views (ForestOptions.balanced).
const forest = { ...FOREST, balanced: argv.includes('--balanced') };
const models = Array.from({ length: FOLDS }, (_, f) =>
  fit(
    samples.filter((_, j) => fold[j] !== f),
    forest,
  ),
);
const NONE = 'none';
const classes = [...PICTURE_ANGLES, NONE] as string[];
const confusion = new Map<string, Map<string, number>>();
let right = 0;
measured.forEach((m, j) => {
  const predicted = classifyAngle(m.features, models[fold[j]!]).angle ?? NONE;
  if (predicted === m.truth) right += 1;
  const row = confusion.get(m.truth) ?? new Map<string, number>();
  row.set(predicted, (row.get(predicted) ?? 0) + 1);
  confusion.set(m.truth, row);
});
const read = measured.length;
// What the model adds to a picture's measuring: one walk down each tree of the shipped-size forest.
const modelStarted = performance.now();
for (let round = 0; round < 10; round++) for (const m of measured) classifyAngle(m.features, models[0]);
const modelMs = (performance.now() - modelStarted) / (10 * read);
const timed = measured.filter((m) => m.ms !== undefined);

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
// The two questions in turn: which end of the car, and straight or ¾.
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
  crossValidatedAccuracy: r3(right / read),
  frontOrRear: agree(end),
  straightOrThreeQuarter: agree(turned),
  notRecognised: r3(predictedAs(NONE) / read),
  // Per-class recall averaged: a dealer's shooting holds about one picture of each view, these photos 55 % rears.
  meanRecall: r3(truths.reduce((s, c) => s + count(c, c) / count(c), 0) / truths.length),
  msPerPicture: timed.length ? Math.round(timed.reduce((s, m) => s + m.ms!, 0) / timed.length) : null,
  modelMsPerPicture: Math.round(modelMs * 1000) / 1000,
  rssMb: Math.round(process.memoryUsage().rss / 1e6),
};
emit({ ...figures, perClass });
const matrix = truths.map((t) => `${t}: ${seen.map((p) => `${p} ${count(t, p)}`).join(', ')}`).join('; ');
emit({ confusion: matrix });

const grown = fit(samples, forest);
if (argv.includes('--train')) {
  fs.writeFileSync(weightsFile, `${JSON.stringify(grown)}\n`);
  emit({ trained: path.relative(root, weightsFile), on: read });
}
// Of the plates photos (every one an end view), how many the rules named a view no end view is.
const otherViews = ['side', 'interior', 'dashboard', 'wheel'].reduce((n, c) => n + predictedAs(c), 0);

const packaged = argv.includes('--no-packaged') ? '' : await scorePackaged();

/** The packaged photos' confusion, as a sentence for the row (each photo is also printed). */
async function scorePackaged(): Promise<string> {
  const { photos } = JSON.parse(
    fs.readFileSync(path.join(root, 'bench/fixtures/angle-labels-packaged.json'), 'utf8'),
  ) as PackagedLabels;
  const dir = path.join(root, 'bench/out/packages');
  fs.mkdirSync(dir, { recursive: true });
  await loadCv();
  const versions = new Map<string, string>();
  const missing: string[] = [];
  for (const name of new Set(photos.map((p) => p.package)))
    try {
      const files = photos.filter((p) => p.package === name).map((p) => p.path);
      versions.set(name, unpack(name, files, dir));
    } catch (err) {
      // No package lists yet (apt-get update), or no Debian at all: the plates figures still stand; the row says so.
      emit({ packageNotFetched: name, error: (err as Error).message.split('\n')[0] });
      missing.push(name);
    }
  const rows = new Map<string, Map<string, number>>();
  for (const photo of photos.filter((p) => versions.has(p.package))) {
    const raw = fs.readFileSync(path.join(dir, photo.package, photo.path));
    const features = await measureAngleFeatures(photo.cutOut ? await onBackdrop(raw, photo.cutOut) : raw);
    const verdict = classifyAngle(features, grown);
    const [truth, predicted] = [photo.angle ?? 'not a car', verdict.angle ?? NONE];
    emit({ packaged: `${photo.package}:${path.basename(photo.path)}`, truth, predicted, rule: verdict.rule });
    const row = rows.get(truth) ?? new Map<string, number>();
    row.set(predicted, (row.get(predicted) ?? 0) + 1);
    rows.set(truth, row);
  }
  const sentence = [...rows.entries()]
    .map(([truth, row]) => `${truth}: ${[...row.entries()].map(([p, n]) => `${p} ${n}`).join(', ')}`)
    .join('; ');
  emit({ packagedConfusion: sentence });
  const measuredPhotos = photos.filter((p) => versions.has(p.package)).length;
  const notFetched = missing.length ? ` (not fetched: ${missing.join(', ')})` : '';
  return `; ${measuredPhotos} real photos of Debian packages${notFetched} (bench/fixtures/angle-labels-packaged.json: ${[...versions.entries()].map(([n, v]) => `${n} ${v}`).join(', ')}), named by the forest grown on all the plates photos and the rules (truth: predicted count): ${sentence}`;
}

recordRow(
  'angles',
  `${read} labelled real photos of ../shared/datasets/plates${only ? ` (${only} only)` : ''} (bench/fixtures/angle-labels.json${every > 1 ? `, every ${every}th of ${Object.keys(labels).length}` : ''}${argv.includes('--saved') ? ', features re-read from bench/out/angles.json' : ''}): ` +
    `end-view model (random forest${forest.balanced ? ', balanced' : ''}, decision 0064), ${FOLDS}-fold cross-validated accuracy ${figures.crossValidatedAccuracy} (front or rear end ${figures.frontOrRear}, straight or ¾ ${figures.straightOrThreeQuarter}, ` +
    `not recognised ${figures.notRecognised}, mean recall over the classes ${figures.meanRecall}); per class recall/precision: ` +
    perClass.map((c) => `${c.angle} (${c.pictures}) ${c.recall}/${c.precision ?? '—'}`).join(', ') +
    `; confusion (truth: predicted count): ${matrix}` +
    (figures.msPerPicture === null
      ? ''
      : `; ${figures.msPerPicture} ms/picture (plate detection + IS-Net mask at 640² + colours + circles)`) +
    `; the forest ${figures.modelMsPerPicture} ms/picture; bench RSS ${figures.rssMb} MB` +
    `; plates photos named side, interior, dashboard or wheel: ${otherViews}${packaged}` +
    `; load average ${started.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end (machine shared with other engineers' work); interior, dashboard: no real photo in any npm or Debian package (decision 0074), not measured`,
  null,
);
// The segmenter process would keep the bench alive until its idle stop.
process.exit(0);
