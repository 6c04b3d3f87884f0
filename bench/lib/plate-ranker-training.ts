// The plate ranker's fitting (decision 0069): which of a picture's candidate rows is its plate, as a conditional
// logit over the rows that could be reported (confidence ≥ 0.5), with a penalty that keeps the weights near the
// hand-made rank alone; and its cross-validation by groups of photos.
import type { Box, RankedCandidate } from '../../apps/server/src/modules/vision/plate-detector';
import { bounds, boxIoU, choosePlates } from '../../apps/server/src/modules/vision/plate-detector';
import { HAND_MADE, rankerInputs, rankerScore } from '../../apps/server/src/modules/vision/plate-ranker';
import { scoreDetections } from '../../apps/server/src/modules/vision/plate-truth';
import { seeded } from './angle-training';

export interface PictureCandidates {
  /** The data set's folder (eu, us). */
  set: string;
  /** Photos that are not independent share a group (successive frames of one video). */
  group: string;
  truth: Box[];
  /** Every candidate row, corners in the photo's pixels, its `rank` the hand-made one. */
  candidates: RankedCandidate[];
}

/**
 * Penalty on the squared distance of the weights from the hand-made rank's, against the summed log-loss. 15, not
 * the 5 that scored best by photo: with 5, weights fitted on one region's photos lost plates of the other's
 * (decision 0069).
 */
export const PENALTY = 15;
const STEPS = 300;
const LEARNING_RATE = 0.5;
const MIN_CONFIDENCE = 0.5;

/** Weights fitted on `pictures` (those with a plate among two or more rows that could be reported). */
export function fit(pictures: PictureCandidates[], penalty = PENALTY): number[] {
  const sets = pictures.flatMap((p) => {
    const rows = p.candidates.filter((c) => c.confidence >= MIN_CONFIDENCE);
    const positive = rows.map((c) => p.truth.some((t) => boxIoU(bounds(c.corners), t) >= 0.5));
    return rows.length >= 2 && positive.some(Boolean) ? [{ x: rows.map((c) => rankerInputs(c)), positive }] : [];
  });
  const w = [...HAND_MADE];
  const k = w.length;
  for (let step = 0; step < STEPS; step++) {
    const g = new Array<number>(k).fill(0);
    for (const { x, positive } of sets) {
      const s = x.map((row) => row.reduce((a, v, j) => a + v * w[j]!, 0));
      const top = Math.max(...s);
      const e = s.map((v) => Math.exp(v - top));
      const all = e.reduce((a, v) => a + v, 0);
      const plates = e.reduce((a, v, i) => a + (positive[i] ? v : 0), 0);
      // The gradient of −log(Σ over the plate rows / Σ over all rows).
      for (let i = 0; i < x.length; i++) {
        const share = e[i]! / all - (positive[i] ? e[i]! / plates : 0);
        for (let j = 0; j < k; j++) g[j]! += share * x[i]![j]!;
      }
    }
    for (let j = 0; j < k; j++) {
      w[j]! -= (LEARNING_RATE * (g[j]! + 2 * penalty * (w[j]! - HAND_MADE[j]!))) / Math.max(1, sets.length);
    }
  }
  return w;
}

export interface Figures {
  recall: number;
  precision: number;
  truths: number;
  found: number;
}

/** Recall and precision per set when each picture's plates are chosen with its weights. */
export function evaluate(
  pictures: { picture: PictureCandidates; weights: readonly number[] }[],
): Record<string, Figures> {
  const totals: Record<string, { truths: number; found: number; detections: number; correct: number }> = {};
  for (const { picture, weights } of pictures) {
    const ranked = picture.candidates.map((c) => ({ ...c, rank: rankerScore(c, weights) }));
    const plates = choosePlates(ranked);
    const s = scoreDetections(
      plates.map((p) => p.corners),
      picture.truth,
    );
    const t = (totals[picture.set] ??= { truths: 0, found: 0, detections: 0, correct: 0 });
    t.truths += picture.truth.length;
    t.found += s.found;
    t.detections += plates.length;
    t.correct += s.correct;
  }
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return Object.fromEntries(
    Object.entries(totals).map(([set, t]) => [
      set,
      {
        recall: r(t.found / t.truths),
        precision: r(t.correct / Math.max(1, t.detections)),
        truths: t.truths,
        found: t.found,
      },
    ]),
  );
}

/** k-fold cross-validation by group: each picture scored with weights fitted on the folds without its group. */
export function crossValidate(pictures: PictureCandidates[], folds: number, seed: number): Record<string, Figures> {
  const groups = [...new Set(pictures.map((p) => p.group))].sort();
  const random = seeded(seed);
  for (let i = groups.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [groups[i], groups[j]] = [groups[j]!, groups[i]!];
  }
  const foldOf = new Map(groups.map((g, i) => [g, i % folds]));
  const scored: { picture: PictureCandidates; weights: readonly number[] }[] = [];
  for (let f = 0; f < folds; f++) {
    const weights = fit(pictures.filter((p) => foldOf.get(p.group) !== f));
    for (const picture of pictures.filter((p) => foldOf.get(p.group) === f)) scored.push({ picture, weights });
  }
  return evaluate(scored);
}
