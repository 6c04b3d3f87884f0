import { describe, expect, it } from 'vitest';
import {
  END_VIEWS,
  FEATURES,
  endViewProbabilities,
  type TreeNode,
} from '../../apps/server/src/modules/marketplaces/angle-model';
import { crossValidate, fit, foldsOf, seeded, type Sample } from './angle-training';

// Made samples: feature 0 tells the end (low front, high rear), feature 1 straight (low) or ¾ (high); the rest
// is noise the trees must learn to ignore.
function made(n: number, seed: number): Sample[] {
  const random = seeded(seed);
  return Array.from({ length: n }, (_, j) => {
    const y = j % END_VIEWS.length;
    const rear = y >= 2;
    const turned = y === 1 || y === 2;
    const x = FEATURES.map(() => random());
    x[0] = (rear ? 0.7 : 0.3) + (random() - 0.5) * 0.3;
    x[1] = (turned ? 0.7 : 0.3) + (random() - 0.5) * 0.3;
    return { x, y };
  });
}

const depthOf = (tree: TreeNode[], at = 0): number => {
  const node = tree[at]!;
  return 'p' in node ? 0 : 1 + Math.max(depthOf(tree, node.l), depthOf(tree, node.r));
};

describe('the end-view forest’s training', () => {
  it('grows the same trees from the same samples, and other trees with another seed', () => {
    const samples = made(80, 1);
    const options = { trees: 5, depth: 3, minLeaf: 2, seed: 3 };
    expect(fit(samples, options)).toEqual(fit(samples, options));
    expect(fit(samples, { ...options, seed: 4 }).trees).not.toEqual(fit(samples, options).trees);
  });

  it('keeps its trees within the depth, its leaves shares of the four end views', () => {
    const model = fit(made(80, 2), { trees: 10, depth: 2, minLeaf: 2, seed: 1 });
    expect(model.features).toEqual(FEATURES.map(([name]) => name));
    for (const tree of model.trees) {
      expect(depthOf(tree)).toBeLessThanOrEqual(2);
      for (const node of tree) if ('p' in node) expect(node.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    }
    const p = endViewProbabilities(model, made(1, 9)[0]!.x);
    expect(p).toHaveLength(4);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
  });

  it('names photos it was not grown on by the features that tell, whatever the noise', () => {
    const samples = made(120, 5);
    const predicted = crossValidate(samples, 5, { trees: 30, depth: 3, minLeaf: 2, seed: 7 });
    const right = predicted.filter((p, j) => p === samples[j]!.y).length;
    expect(right / samples.length).toBeGreaterThan(0.85);
  });

  it('grows balanced trees that give a rare view more weight than the photos’ own shares do', () => {
    // Nine rears for each front: drawn as they come, a front-like photo is pulled toward rear.
    const skewed = made(200, 8).filter((s, j) => s.y === 3 || (s.y === 0 && j % 9 === 0));
    const options = { trees: 20, depth: 2, minLeaf: 2, seed: 5 };
    const front = made(4, 11)[0]!.x;
    const share = (balanced: boolean) => endViewProbabilities(fit(skewed, { ...options, balanced }), front)[0]!;
    expect(share(true)).toBeGreaterThan(share(false));
    expect(fit(skewed, { ...options, balanced: true })).toEqual(fit(skewed, { ...options, balanced: true }));
  });

  it('deals each label’s samples to the folds in turn', () => {
    const samples = [0, 0, 1, 0, 1, 1].map((y) => ({ x: [], y }));
    expect(foldsOf(samples, 2)).toEqual([0, 1, 0, 0, 1, 0]);
  });
});
