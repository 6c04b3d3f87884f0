import { describe, expect, it } from 'vitest';
import { endViewOf, endViewProbabilities, FEATURES, leafOf, type EndViewModel, type TreeNode } from './angle-model';
import { NOTHING_FOUND } from './angle.fixtures';
import type { AngleFeatures } from './angle-types';

const names = FEATURES.map(([name]) => name);
const RED = names.indexOf('red beside the plate (log)');
const OFF = names.indexOf('plate off the vehicle’s middle');
// Red beside the plate → a rear end; the plate off the vehicle's middle → its ¾ view.
const tree: TreeNode[] = [
  { f: RED, t: 1, l: 1, r: 2 },
  { f: OFF, t: 0.15, l: 3, r: 4 },
  { f: OFF, t: 0.15, l: 5, r: 6 },
  { p: [1, 0, 0, 0] },
  { p: [0, 1, 0, 0] },
  { p: [0, 0, 0, 1] },
  { p: [0, 0, 1, 0] },
];
const model: EndViewModel = { features: names, trees: [tree, [{ p: [0.25, 0.25, 0.25, 0.25] }]] };
const features = (over: Partial<AngleFeatures>): AngleFeatures => ({
  ...NOTHING_FOUND,
  plate: { cx: 0.5, cy: 0.7, width: 0.1 },
  ...over,
});
const car = { left: 0.1, right: 0.9, top: 0.2, bottom: 0.8, area: 0.4, aspect: 1.5, symmetry: 0.8, balance: 0 };

describe('the end-view forest', () => {
  it('walks each tree down to a leaf and answers the trees’ mean share of each end view', () => {
    const x = names.map(() => 0);
    expect(leafOf(tree, x)).toEqual([1, 0, 0, 0]);
    x[RED] = 2;
    x[OFF] = 0.3;
    expect(leafOf(tree, x)).toEqual([0, 0, 1, 0]);
    expect(endViewProbabilities(model, x)).toEqual([0.125, 0.125, 0.625, 0.125]);
  });

  it('names a picture by its measured features, with the share it gave the answer', () => {
    expect(endViewOf(features({ redBeside: 0.02, car: { ...car, plateOffset: 0.02 } }), model)).toEqual({
      angle: 'rear',
      rule: 'end-view model (p 0.63)',
    });
    expect(endViewOf(features({ car: { ...car, plateOffset: 0.3 } }), model).angle).toBe('front_three_quarter');
  });

  it('refuses a model grown on other features', () => {
    expect(() => endViewOf(features({}), { ...model, features: names.slice(1) })).toThrow(/--train/);
  });
});
