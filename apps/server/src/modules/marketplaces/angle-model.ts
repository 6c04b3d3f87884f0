import type { PictureAngle } from '@forecourt/contracts';
import type { AngleFeatures, AngleVerdict } from './angle-types';
import trained from './angle-model.weights.json';

/**
 * Which of the four end views (front, front ¾, rear ¾, rear) a picture with a plate shows: a random forest of
 * shallow decision trees on the measured features (decision 0064; a logistic regression before, decision 0061).
 * Its trees are grown by `npm run bench -- angles --train` on the labelled real photos
 * (bench/fixtures/angle-labels.json, `bench/lib/angle-training.ts`), and the bench scores it by 10-fold
 * cross-validation only, so that its figure is one for photos it was not fitted on. Reading it is pure: a walk
 * down each tree and the mean of the leaves' class shares.
 */

export const END_VIEWS = [
  'front',
  'front_three_quarter',
  'rear_three_quarter',
  'rear',
] as const satisfies PictureAngle[];

/** A split (feature `f` at most `t` → node `l`, else node `r`) or a leaf (`p`: share of each end view). */
export type TreeNode = { f: number; t: number; l: number; r: number } | { p: number[] };

export interface EndViewModel {
  /** Feature names, in the order of `featureVector`: a model fitted on other features is refused. */
  features: string[];
  /** Each tree a list of nodes, its root first; children are indexes in the same list. */
  trees: TreeNode[][];
}

const log = (share: number) => Math.log1p(1000 * share);

/** The features the model reads, each a number whatever is missing (a missing one is 0 with a flag beside it). */
export const FEATURES: [string, (f: AngleFeatures) => number][] = [
  ['plate found', (f) => (f.plate ? 1 : 0)],
  ['red beside the plate (log)', (f) => log(f.redBeside)],
  ['red on both sides of the plate', (f) => f.redBalance],
  ['red in the vehicle (log)', (f) => log(f.redInCar)],
  ['red body (log)', (f) => log(f.redBody)],
  ['red beside the plate over the body’s', (f) => Math.log1p(1000 * f.redBeside) - Math.log1p(1000 * f.redBody)],
  ['plate off the picture’s middle', (f) => (f.plate ? Math.abs(f.plate.cx - 0.5) : 0)],
  ['plate height in the picture', (f) => f.plate?.cy ?? 0],
  ['plate width', (f) => f.plate?.width ?? 0],
  ['mirror difference around the plate', (f) => f.mirror ?? 0],
  ['mirror difference measured', (f) => (f.mirror === null ? 0 : 1)],
  ['texture above the plate', (f) => f.around?.texture ?? 0],
  ['near-white beside the plate (log)', (f) => log(f.around?.bright ?? 0)],
  ['vehicle found', (f) => (f.car ? 1 : 0)],
  ['vehicle aspect (log)', (f) => (f.car ? Math.log(f.car.aspect) : 0)],
  ['vehicle area', (f) => f.car?.area ?? 0],
  ['vehicle symmetry', (f) => f.car?.symmetry ?? 0],
  ['plate off the vehicle’s middle', (f) => Math.abs(f.car?.plateOffset ?? 0)],
  ['plate inside the vehicle', (f) => (f.car?.plateOffset == null ? 0 : 1)],
  ['vehicle on one side of the plate', (f) => Math.abs(f.car?.balance ?? 0)],
  ['plate across the vehicle’s box', (f) => (f.plate && f.car ? Math.abs(across(f.plate.cx, f.car) - 0.5) : 0)],
  ['plate width over the vehicle’s', (f) => (f.plate && f.car ? f.plate.width / (f.car.right - f.car.left) : 0)],
  ['plate height in the vehicle’s box', (f) => (f.plate && f.car ? down(f.plate.cy, f.car) : 0)],
  ['vehicle cut by a side edge', (f) => (f.car ? Number(f.car.left <= 0.01) + Number(f.car.right >= 0.99) : 0)],
  ['brightness', (f) => f.light.mean],
  ['dark share', (f) => f.light.dark],
];

const across = (x: number, car: NonNullable<AngleFeatures['car']>) => (x - car.left) / (car.right - car.left || 1);
const down = (y: number, car: NonNullable<AngleFeatures['car']>) => (y - car.top) / (car.bottom - car.top || 1);

export const featureVector = (f: AngleFeatures): number[] => FEATURES.map(([, read]) => read(f));

/** The leaf a feature vector reaches in one tree. */
export function leafOf(tree: TreeNode[], x: number[]): number[] {
  let node = tree[0]!;
  while (!('p' in node)) node = tree[x[node.f]! <= node.t ? node.l : node.r]!;
  return node.p;
}

/** Probabilities of the four end views (END_VIEWS' order) for a feature vector: the trees' mean. */
export function endViewProbabilities(model: EndViewModel, x: number[]): number[] {
  const sum = END_VIEWS.map(() => 0);
  for (const tree of model.trees) leafOf(tree, x).forEach((share, k) => (sum[k]! += share));
  return sum.map((s) => s / (model.trees.length || 1));
}

const shipped = trained as EndViewModel;

export function endViewOf(f: AngleFeatures, model: EndViewModel = shipped): AngleVerdict {
  if (model.features.join('|') !== FEATURES.map(([name]) => name).join('|'))
    throw new Error('The end-view model was fitted on other features: run `npm run bench -- angles --train`');
  const p = endViewProbabilities(model, featureVector(f));
  const best = p.indexOf(Math.max(...p));
  return { angle: END_VIEWS[best]!, rule: `end-view model (p ${p[best]!.toFixed(2)})` };
}
