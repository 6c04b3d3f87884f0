import { describe, expect, it } from 'vitest';
import type { CandidateFeatures, RankedCandidate } from '../../apps/server/src/modules/vision/plate-detector';
import { RANKER_INPUTS } from '../../apps/server/src/modules/vision/plate-ranker';
import { crossValidate, evaluate, fit, type PictureCandidates } from './plate-ranker-training';

const FEATURES: CandidateFeatures = {
  characters: 7,
  heightSpread: 0.1,
  gap: 0.2,
  widthVariety: 0.3,
  contrast: 100,
  backgroundStd: 10,
  light: 180,
  absAngle: 0,
  aspect: 4,
  above: 1,
  below: 1,
  closed: 0,
  cutByBorder: 0,
  size: 0.03,
  x: 0.5,
  y: 0.5,
  fragment: 0,
  halfScale: 0,
  framed: 0,
  score: 0.9,
};

const row = (x: number, rank: number, features: Partial<CandidateFeatures>): RankedCandidate => ({
  corners: [
    { x, y: 100 },
    { x: x + 100, y: 100 },
    { x: x + 100, y: 130 },
    { x, y: 130 },
  ],
  confidence: 0.9,
  rank,
  features: { ...FEATURES, ...features },
  row: { left: x, right: x + 100, centre: 115, height: 15, characters: 7 },
});

// Made pictures: the plate (at x = 600) has a closed outline, the other text row does not, and the hand-made rank
// puts the other row first in every third picture.
function made(n: number): PictureCandidates[] {
  return Array.from({ length: n }, (_, i) => ({
    set: 'made',
    group: `g${i}`,
    truth: [{ x: 600, y: 100, w: 100, h: 30 }],
    candidates: [row(600, 0.9, { closed: 1 }), row(100, i % 3 === 0 ? 0.95 : 0.85, { closed: 0 })],
  }));
}

describe('the plate ranker’s training', () => {
  it('learns what tells the plate from the other rows where the hand-made rank errs, and says so cross-validated', () => {
    const pictures = made(30);
    const handMade = evaluate(
      pictures.map((picture) => ({ picture, weights: RANKER_INPUTS.map((n) => +(n === 'rank')) })),
    );
    expect(handMade.made!.recall).toBeCloseTo(2 / 3, 2);
    const w = fit(pictures);
    expect(w[RANKER_INPUTS.indexOf('closed')]).toBeGreaterThan(0.1);
    expect(evaluate(pictures.map((picture) => ({ picture, weights: w }))).made!.recall).toBe(1);
    expect(crossValidate(pictures, 5, 1).made!.recall).toBe(1);
  });

  it('keeps the hand-made rank where nothing tells the rows apart', () => {
    const pictures = made(30).map((p) => ({
      ...p,
      candidates: p.candidates.map((c) => ({ ...c, features: FEATURES })),
    }));
    const w = fit(pictures);
    for (const [i, name] of RANKER_INPUTS.entries()) {
      if (name !== 'rank') expect(Math.abs(w[i]!)).toBeLessThan(0.5);
    }
    expect(w[RANKER_INPUTS.indexOf('rank')]).toBeGreaterThan(0.5);
  });
});
