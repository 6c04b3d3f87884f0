import type { PictureAngle } from '@forecourt/contracts';
import type { AngleFeatures, AngleVerdict } from './angle-rules';
import trained from './angle-model.weights.json';

/**
 * Which of the four end views (front, front ¾, rear ¾, rear) a picture with a plate shows: a
 * multinomial logistic regression on the measured features (decision 0061). Its weights are fitted by
 * `npm run bench -- angles --train` on the labelled real photos (bench/fixtures/angle-labels.json), and the
 * bench scores it by 10-fold cross-validation only, so that its figure is one for photos it was not fitted on.
 */

export const END_VIEWS = [
  'front',
  'front_three_quarter',
  'rear_three_quarter',
  'rear',
] as const satisfies PictureAngle[];

export interface EndViewModel {
  /** Feature names, in the order of `featureVector`: a model fitted on other features is refused. */
  features: string[];
  /** Per feature, the mean and spread it is standardised by. */
  mean: number[];
  scale: number[];
  /** Per end view (END_VIEWS' order), a bias and one weight per feature. */
  bias: number[];
  weights: number[][];
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

/** Probabilities of the four end views (END_VIEWS' order) for a feature vector. */
export function endViewProbabilities(model: EndViewModel, x: number[]): number[] {
  const z = x.map((v, i) => (v - model.mean[i]!) / model.scale[i]!);
  const logits = model.bias.map((b, k) => z.reduce((s, v, i) => s + v * model.weights[k]![i]!, b));
  const top = Math.max(...logits);
  const e = logits.map((l) => Math.exp(l - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

const shipped = trained as EndViewModel;

export function endViewOf(f: AngleFeatures, model: EndViewModel = shipped): AngleVerdict {
  if (model.features.join('|') !== FEATURES.map(([name]) => name).join('|'))
    throw new Error('The end-view model was fitted on other features: run `npm run bench -- angles --train`');
  const p = endViewProbabilities(model, featureVector(f));
  const best = p.indexOf(Math.max(...p));
  return { angle: END_VIEWS[best]!, rule: `end-view model (p ${p[best]!.toFixed(2)})` };
}
