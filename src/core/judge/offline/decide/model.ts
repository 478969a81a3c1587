// The trained decision over the claim features: a softmax over the partitions whose logits are
// the average of two models trained on the same claims, a linear one (multinomial logistic
// regression: smooth, it extrapolates gently to reports unlike its training) and gradient-boosted
// trees (they see interactions of features, and their probabilities rank claims better). A
// temperature fitted at first sight (blind batches left out one at a time) calibrates them. Both
// are data (judge-model.json, written by `npm run train:judge`); inference is a dot product and
// a walk down each tree.
import { PARTITION_KEYS, type PartitionKey } from '../../../model';
import { FEATURE_NAMES } from './features';
import trained from './judge-model.json';

/** A leaf's value, or a split: [feature index, threshold, the tree where x[feature] <= threshold, the tree where it is above]. */
export type DecisionTree = number | [number, number, DecisionTree, DecisionTree];

export interface DecisionModel {
  features: string[];
  classes: PartitionKey[];
  /** The linear model: weights[class][feature], bias last. */
  weights: number[][];
  /** The trees' starting logit of each class (its log prior). */
  base: number[];
  /** trees[round][class]: each round adds one tree's leaf to each class's logit. */
  trees: DecisionTree[][];
  /** The trees' share of the logits (the linear model has the rest). */
  treeShare: number;
  temperature: number;
  /** A grounded cut whose held-out precision of grounded reached 0.9 (for reviewers who want stricter green marks). */
  strictGroundedCut: number;
  /**
   * The proposals the model may override, as [proposed, decided] pairs: only those whose
   * overrides were right clearly more often than wrong at first sight (written by training).
   */
  overrides: Array<[PartitionKey, PartitionKey]>;
  /** What it learnt from: the dev split and HaluEval claims, and the first-sight snapshots it was calibrated on. */
  trainedOn: { sha256: string; claims: number; cases: number; firstSight?: { batches: string[]; claims: number; weight: number } };
}

let checked: DecisionModel | undefined;

/** The shipped model, checked (once) against the features this build computes. */
export function shippedModel(): DecisionModel {
  if (checked) return checked;
  const model = trained as unknown as DecisionModel;
  const partitions: readonly string[] = PARTITION_KEYS;
  const overridesValid = Array.isArray(model.overrides) && model.overrides.every((pair) => pair.length === 2 && pair.every((key) => partitions.includes(key)));
  const treesValid = Array.isArray(model.trees) && model.trees.every((round) => round.length === PARTITION_KEYS.length && round.every(validTree));
  const weightsValid = Array.isArray(model.weights) && model.weights.length === PARTITION_KEYS.length && model.weights.every((row) => row.length === FEATURE_NAMES.length + 1);
  const shapeValid = treesValid && weightsValid && model.base?.length === PARTITION_KEYS.length && model.treeShare >= 0 && model.treeShare <= 1;
  if (model.features.join(',') !== FEATURE_NAMES.join(',') || model.classes.join(',') !== PARTITION_KEYS.join(',') || !overridesValid || !shapeValid) {
    // A model trained on other features would silently mis-read every claim.
    throw new Error('judge-model.json does not match the judge features; run `npm run train:judge`');
  }
  return (checked = model);
}

/** A tree whose splits name features this build computes and whose leaves are numbers. */
function validTree(tree: DecisionTree): boolean {
  if (typeof tree === 'number') return Number.isFinite(tree);
  return Array.isArray(tree) && tree.length === 4 && Number.isInteger(tree[0]) && tree[0] >= 0 && tree[0] < FEATURE_NAMES.length && typeof tree[1] === 'number' && validTree(tree[2]) && validTree(tree[3]);
}

export function leafOf(tree: DecisionTree, x: readonly number[]): number {
  let node = tree;
  while (typeof node !== 'number') node = x[node[0]]! <= node[1] ? node[2] : node[3];
  return node;
}

/** The logits before the temperature: each class's base plus its leaf in every round. */
export function treeLogits(x: readonly number[], model: Pick<DecisionModel, 'base' | 'trees'>): number[] {
  const sums = [...model.base];
  for (const round of model.trees) round.forEach((tree, k) => (sums[k]! += leafOf(tree, x)));
  return sums;
}

export function linearLogits(x: readonly number[], weights: readonly (readonly number[])[]): number[] {
  return weights.map((w) => x.reduce((sum, value, i) => sum + value * w[i]!, 0) + w[x.length]!);
}

/** The model's logits before the temperature: the linear and the tree logits, mixed by the trees' share. */
export function mixedLogits(x: readonly number[], model: Pick<DecisionModel, 'weights' | 'base' | 'trees' | 'treeShare'>): number[] {
  const trees = treeLogits(x, model);
  return linearLogits(x, model.weights).map((z, k) => (1 - model.treeShare) * z + model.treeShare * trees[k]!);
}

export function probabilities(x: readonly number[], model: DecisionModel): Record<PartitionKey, number> {
  const logits = mixedLogits(x, model).map((z) => z / model.temperature);
  const max = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return Object.fromEntries(model.classes.map((c, i) => [c, exps[i]! / total])) as Record<PartitionKey, number>;
}

/** A confidence as the result shows it: three decimals. */
export const roundConfidence = (p: number): number => Math.round(p * 1000) / 1000;
