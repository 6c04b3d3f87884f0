// Fitting and cross-validating the end-view model of apps/server/src/modules/marketplaces/angle-model.ts
// (decision 0061): a multinomial logistic regression with an L2 penalty, fitted by full-batch gradient descent
// on standardised features. Deterministic: the same photos and labels give the same weights and folds.
import {
  END_VIEWS,
  FEATURES,
  endViewProbabilities,
  type EndViewModel,
} from '../../apps/server/src/modules/marketplaces/angle-model';

export interface Sample {
  x: number[];
  /** Index in END_VIEWS. */
  y: number;
}

export const L2 = 0.01;
const STEPS = 1500;
const RATE = 0.5;

export function fit(samples: Sample[], l2 = L2): EndViewModel {
  const d = FEATURES.length;
  const k = END_VIEWS.length;
  const n = samples.length;
  const mean = Array.from({ length: d }, (_, i) => samples.reduce((s, p) => s + p.x[i]!, 0) / n);
  const scale = mean.map((m, i) => Math.sqrt(samples.reduce((s, p) => s + (p.x[i]! - m) ** 2, 0) / n) || 1);
  const z = samples.map((p) => p.x.map((v, i) => (v - mean[i]!) / scale[i]!));
  const bias = new Array<number>(k).fill(0);
  const weights = Array.from({ length: k }, () => new Array<number>(d).fill(0));
  for (let step = 0; step < STEPS; step++) {
    const gb = new Array<number>(k).fill(0);
    const gw = Array.from({ length: k }, () => new Array<number>(d).fill(0));
    z.forEach((x, j) => {
      const p = endViewProbabilities(
        { features: [], mean: new Array(d).fill(0), scale: new Array(d).fill(1), bias, weights },
        x,
      );
      p.forEach((pk, c) => {
        const err = pk - (samples[j]!.y === c ? 1 : 0);
        gb[c]! += err / n;
        for (let i = 0; i < d; i++) gw[c]![i]! += (err * x[i]!) / n;
      });
    });
    for (let c = 0; c < k; c++) {
      bias[c]! -= RATE * gb[c]!;
      for (let i = 0; i < d; i++) weights[c]![i]! -= RATE * (gw[c]![i]! + l2 * weights[c]![i]!);
    }
  }
  return { features: FEATURES.map(([name]) => name), mean, scale, bias, weights };
}

export const predict = (model: EndViewModel, x: number[]) => {
  const p = endViewProbabilities(model, x);
  return p.indexOf(Math.max(...p));
};

export const FOLDS = 10;

/** Each sample's fold: stratified by label, the samples of a label dealt to the folds in turn, in their order. */
export function foldsOf(samples: Sample[], folds = FOLDS): number[] {
  const fold = new Array<number>(samples.length);
  const seen = new Map<number, number>();
  samples.forEach((s, j) => {
    const c = seen.get(s.y) ?? 0;
    fold[j] = c % folds;
    seen.set(s.y, c + 1);
  });
  return fold;
}

/** Each sample's prediction by a model fitted without its fold. */
export function crossValidate(samples: Sample[], folds = FOLDS, l2 = L2): number[] {
  const fold = foldsOf(samples, folds);
  const predicted = new Array<number>(samples.length);
  for (let f = 0; f < folds; f++) {
    const model = fit(
      samples.filter((_, j) => fold[j] !== f),
      l2,
    );
    samples.forEach((s, j) => {
      if (fold[j] === f) predicted[j] = predict(model, s.x);
    });
  }
  return predicted;
}
