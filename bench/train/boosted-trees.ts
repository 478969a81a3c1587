// Gradient-boosted decision trees for the judge's decision: softmax loss over the partitions, one
// small regression tree per partition and round, leaves set by a Newton step (the sum of
// gradients over the sum of hessians, shrunk by the learning rate and an L2 penalty). Trees see
// interactions a linear model cannot ("proposed grounded" AND "a comparative" AND "no figure
// derived"), which is what the left-out first-sight batches rewarded. Deterministic: splits are
// searched over fixed bins in feature order, ties keep the first; no sampling.
import { leafOf, type DecisionTree } from '../../src/core/judge/offline/decide/model';

export interface BoostingOptions {
  rounds: number;
  depth: number;
  learningRate: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  /** The least hessian (weighted) a child may hold: no leaf learnt from a handful of claims. */
  minChildWeight: number;
  /** At most this many candidate thresholds per feature (quantiles when a feature has more values). */
  maxBins: number;
}

export const BOOSTING: BoostingOptions = { rounds: 100, depth: 3, learningRate: 0.1, lambda: 1, minChildWeight: 1, maxBins: 32 };

export interface BoostedTrees {
  /** The starting logits: the log prior of each partition. */
  base: number[];
  /** trees[round][partition]. */
  trees: DecisionTree[][];
}

/** Candidate thresholds of each feature: midpoints between its values, or quantiles when it has many. */
function thresholdsOf(xs: readonly (readonly number[])[], maxBins: number): number[][] {
  const width = xs[0]?.length ?? 0;
  return Array.from({ length: width }, (_, j) => {
    const column = xs.map((x) => x[j]!).sort((a, b) => a - b);
    const values = [...new Set(column)];
    if (values.length <= maxBins) return values.slice(0, -1).map((v, i) => (v + values[i + 1]!) / 2);
    return [...new Set(Array.from({ length: maxBins - 1 }, (_, i) => column[Math.floor(((i + 1) * column.length) / maxBins)]!))];
  });
}

/** The bin of a value: how many thresholds lie below it. */
function binOf(thresholds: readonly number[], value: number): number {
  let lo = 0;
  let hi = thresholds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (value <= thresholds[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Trains on examples xs with labels ys (0 … classes-1), each counted with its weight. */
export function trainBoostedTrees(xs: readonly (readonly number[])[], ys: readonly number[], weights: readonly number[], classes: number, options: BoostingOptions = BOOSTING): BoostedTrees {
  const n = xs.length;
  const width = xs[0]?.length ?? 0;
  const thresholds = thresholdsOf(xs, options.maxBins);
  const bins = new Uint8Array(n * width);
  for (let i = 0; i < n; i++) for (let j = 0; j < width; j++) bins[i * width + j] = binOf(thresholds[j]!, xs[i]![j]!);
  // Weights scaled to a mean of one, so that lambda and the least child weight mean the same at any corpus size.
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const w = weights.map((v) => (v * n) / totalWeight);
  const prior = new Array<number>(classes).fill(0);
  ys.forEach((y, i) => (prior[y]! += w[i]!));
  const base = prior.map((p) => Math.log(Math.max(p, 1e-9) / n));
  const scores = new Float64Array(n * classes);
  for (let i = 0; i < n; i++) for (let k = 0; k < classes; k++) scores[i * classes + k] = base[k]!;
  const probs = new Float64Array(n * classes);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: DecisionTree[][] = [];

  const grow = (rows: number[], depth: number): DecisionTree => {
    let G = 0;
    let H = 0;
    for (const i of rows) {
      G += g[i]!;
      H += h[i]!;
    }
    const leaf = (-G / (H + options.lambda)) * options.learningRate;
    if (depth >= options.depth || rows.length < 2) return leaf;
    const parent = (G * G) / (H + options.lambda);
    let best: { gain: number; feature: number; bin: number } | undefined;
    for (let j = 0; j < width; j++) {
      const count = thresholds[j]!.length + 1;
      if (count < 2) continue;
      const sumG = new Float64Array(count);
      const sumH = new Float64Array(count);
      for (const i of rows) {
        const b = bins[i * width + j]!;
        sumG[b] += g[i]!;
        sumH[b] += h[i]!;
      }
      let leftG = 0;
      let leftH = 0;
      for (let b = 0; b < count - 1; b++) {
        leftG += sumG[b]!;
        leftH += sumH[b]!;
        const rightG = G - leftG;
        const rightH = H - leftH;
        if (leftH < options.minChildWeight || rightH < options.minChildWeight) continue;
        const gain = (leftG * leftG) / (leftH + options.lambda) + (rightG * rightG) / (rightH + options.lambda) - parent;
        if (gain > 1e-9 && (!best || gain > best.gain)) best = { gain, feature: j, bin: b };
      }
    }
    if (!best) return leaf;
    const left: number[] = [];
    const right: number[] = [];
    for (const i of rows) (bins[i * width + best.feature]! <= best.bin ? left : right).push(i);
    return [best.feature, thresholds[best.feature]![best.bin]!, grow(left, depth + 1), grow(right, depth + 1)];
  };

  const allRows = Array.from({ length: n }, (_, i) => i);
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < n; i++) {
      let max = -Infinity;
      for (let k = 0; k < classes; k++) max = Math.max(max, scores[i * classes + k]!);
      let total = 0;
      for (let k = 0; k < classes; k++) total += probs[i * classes + k] = Math.exp(scores[i * classes + k]! - max);
      for (let k = 0; k < classes; k++) probs[i * classes + k]! /= total;
    }
    const roundTrees: DecisionTree[] = [];
    for (let k = 0; k < classes; k++) {
      for (let i = 0; i < n; i++) {
        const p = probs[i * classes + k]!;
        g[i] = (p - (ys[i] === k ? 1 : 0)) * w[i]!;
        h[i] = Math.max(p * (1 - p), 1e-6) * w[i]!;
      }
      const tree = grow(allRows, 0);
      roundTrees.push(tree);
      for (let i = 0; i < n; i++) scores[i * classes + k] += leafOf(tree, xs[i]!);
    }
    trees.push(roundTrees);
  }
  return { base, trees };
}
