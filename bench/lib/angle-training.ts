// Growing and cross-validating the end-view model of apps/server/src/modules/marketplaces/angle-model.ts
// (decision 0064): a random forest of shallow classification trees (Gini splits), each grown on a bootstrap
// sample of the photos and choosing each split among a random subset of the features. Deterministic: a seeded
// generator, so the same photos and labels give the same trees and folds.
import {
  END_VIEWS,
  FEATURES,
  endViewProbabilities,
  type EndViewModel,
  type TreeNode,
} from '../../apps/server/src/modules/marketplaces/angle-model';

export interface Sample {
  x: number[];
  /** Index in END_VIEWS. */
  y: number;
}

export interface ForestOptions {
  trees: number;
  /** Splits from the root to a leaf, at most. */
  depth: number;
  /** A split leaves at least this many samples on each side. */
  minLeaf: number;
  seed: number;
  /**
   * Each tree's sample drawn class by class in equal shares, not as the photos come (55 % rears here): more
   * fronts and ¾ views recalled, fewer photos right overall (decision 0064).
   */
  balanced?: boolean;
}

// Chosen on the cross-validated accuracy of 2026-11-29 (decision 0064): 0.745–0.752 for depths 4 to 10 and
// three seeds, so the smallest trees that reach it; 100 trees keep the shipped JSON small.
export const FOREST: ForestOptions = { trees: 100, depth: 4, minLeaf: 3, seed: 7 };
// Thresholds tried per feature and node: evenly spaced among the sorted distinct values.
const CUTS = 16;

/** A small linear congruential generator: numbers in [0, 1), the same for the same seed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

const gini = (counts: number[], n: number) => (n ? 1 - counts.reduce((s, c) => s + (c / n) ** 2, 0) : 0);
const round = (v: number) => Math.round(v * 1000) / 1000;

function grow(samples: Sample[], options: ForestOptions, random: () => number): TreeNode[] {
  const nodes: TreeNode[] = [];
  const d = samples[0]?.x.length ?? 0;
  // About √d features tried per split: the trees differ, and their mean generalises better than one tree.
  const tried = Math.max(1, Math.round(Math.sqrt(d)));
  const node = (set: Sample[], depth: number): number => {
    const at = nodes.length;
    const counts = END_VIEWS.map(() => 0);
    for (const s of set) counts[s.y]! += 1;
    const leaf = { p: counts.map((c) => round(c / (set.length || 1))) };
    nodes.push(leaf);
    if (depth === 0 || set.length < 2 * options.minLeaf || counts.some((c) => c === set.length)) return at;
    let best: { f: number; t: number; score: number } | null = null;
    const features = Array.from({ length: d }, (_, i) => i);
    for (let k = 0; k < tried; k++) {
      const pick = k + Math.floor(random() * (d - k));
      [features[k], features[pick]] = [features[pick]!, features[k]!];
      const f = features[k]!;
      const values = [...new Set(set.map((s) => s.x[f]!))].sort((a, b) => a - b);
      const step = Math.max(1, Math.floor(values.length / CUTS));
      for (let i = 0; i + 1 < values.length; i += step) {
        const t = (values[i]! + values[i + 1]!) / 2;
        const left = END_VIEWS.map(() => 0);
        const right = END_VIEWS.map(() => 0);
        let nl = 0;
        for (const s of set)
          if (s.x[f]! <= t) {
            left[s.y]! += 1;
            nl += 1;
          } else right[s.y]! += 1;
        const nr = set.length - nl;
        if (nl < options.minLeaf || nr < options.minLeaf) continue;
        const score = (nl * gini(left, nl) + nr * gini(right, nr)) / set.length;
        if (!best || score < best.score) best = { f, t, score };
      }
    }
    if (!best) return at;
    const { f, t } = best;
    const l = node(
      set.filter((s) => s.x[f]! <= t),
      depth - 1,
    );
    const r = node(
      set.filter((s) => s.x[f]! > t),
      depth - 1,
    );
    nodes[at] = { f, t, l, r };
    return at;
  };
  node(samples, options.depth);
  return nodes;
}

export function fit(samples: Sample[], options: ForestOptions = FOREST): EndViewModel {
  const random = seeded(options.seed);
  const byClass = END_VIEWS.map((_, k) => samples.filter((s) => s.y === k)).filter((group) => group.length > 0);
  const draw = (): Sample => {
    const group = options.balanced ? byClass[Math.floor(random() * byClass.length)]! : samples;
    return group[Math.floor(random() * group.length)]!;
  };
  const trees = Array.from({ length: options.trees }, () =>
    grow(Array.from({ length: samples.length }, draw), options, random),
  );
  return { features: FEATURES.map(([name]) => name), trees };
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
export function crossValidate(samples: Sample[], folds = FOLDS, options: ForestOptions = FOREST): number[] {
  const fold = foldsOf(samples, folds);
  const predicted = new Array<number>(samples.length);
  for (let f = 0; f < folds; f++) {
    const model = fit(
      samples.filter((_, j) => fold[j] !== f),
      options,
    );
    samples.forEach((s, j) => {
      if (fold[j] === f) predicted[j] = predict(model, s.x);
    });
  }
  return predicted;
}
