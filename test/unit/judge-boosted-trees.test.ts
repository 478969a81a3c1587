// The decision model's two parts: boosted trees (bench/train/boosted-trees.ts) learn an
// interaction of features that no linear model can, deterministically, and respect how much each
// claim counts; the shipped model averages their logits with the linear model's by its share.
import * as assert from 'node:assert/strict';
import { trainBoostedTrees, type BoostingOptions } from '../../bench/train/boosted-trees';
import { leafOf, linearLogits, mixedLogits, treeLogits, type DecisionTree } from '../../src/core/judge/offline/decide/model';

const SMALL: BoostingOptions = { rounds: 30, depth: 2, learningRate: 0.5, lambda: 0.1, minChildWeight: 0.01, maxBins: 32 };
const argmax = (z: readonly number[]): number => z.indexOf(Math.max(...z));

describe('decision model: boosted trees and the mixed logits', () => {
  it('learns "exactly one of two signals" (XOR), which no linear model separates', () => {
    const points = [[0, 0], [0, 1], [1, 0], [1, 1]];
    const labels = [0, 1, 1, 0];
    // Neither signal alone says anything: with all four equally common no first split gains and a
    // greedy tree stays a leaf. With "neither" twice as common, splitting on the first signal
    // gains a little, and the second level splits on the other: every point comes out right.
    const model = trainBoostedTrees(points, labels, [2, 1, 1, 1], 2, SMALL);
    points.forEach((x, i) => {
      const z = treeLogits(x, model);
      assert.equal(argmax(z), labels[i], `point ${x.join(',')}`);
    });
  });

  it('is deterministic, and a heavier claim wins a leaf it shares with a lighter one', () => {
    const points = [[0], [0], [1], [1]];
    // At x=0 the labels disagree; the second claim counts three times as much as the first.
    const labels = [0, 1, 1, 1];
    const weights = [1, 3, 1, 1];
    const first = trainBoostedTrees(points, labels, weights, 2, SMALL);
    assert.deepEqual(trainBoostedTrees(points, labels, weights, 2, SMALL), first);
    const at0 = treeLogits([0], first);
    assert.equal(argmax(at0), 1);
    const flipped = trainBoostedTrees(points, labels, [3, 1, 1, 1], 2, SMALL);
    const flippedAt0 = treeLogits([0], flipped);
    assert.equal(argmax(flippedAt0), 0);
  });

  it('walks a tree by its thresholds (at or below goes left) and mixes the two logits by the trees\' share', () => {
    const tree: DecisionTree = [0, 0.5, [1, 2, 10, 20], -4];
    assert.equal(leafOf(tree, [0.5, 2]), 10);
    assert.equal(leafOf(tree, [0.2, 3]), 20);
    assert.equal(leafOf(tree, [0.7, 0]), -4);
    // Linear: class 0 is 2·x0 + 1, class 1 is x1 − 1.
    const weights = [[2, 0, 1], [0, 1, -1]];
    assert.deepEqual(linearLogits([0.5, 2], weights), [2, 1]);
    // Trees: base [0, 1], one round whose class-0 tree is `tree` and class-1 tree a leaf of 3.
    const model = { weights, base: [0, 1], trees: [[tree, 3]], treeShare: 0.25 };
    // Tree logits at [0.5, 2]: [0 + 10, 1 + 3] = [10, 4]; mixed: 0.75·[2, 1] + 0.25·[10, 4] = [4, 1.75].
    assert.deepEqual(mixedLogits([0.5, 2], model), [4, 1.75]);
  });
});
