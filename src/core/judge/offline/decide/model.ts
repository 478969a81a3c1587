// The trained decision: multinomial logistic regression over the claim features, with a
// temperature fitted at first sight (blind batches left out one at a time) so that its probabilities are calibrated. The weights
// are data (judge-model.json, written by `npm run train:judge`); inference is a dot product.
import { PARTITION_KEYS, type PartitionKey } from '../../../model';
import { FEATURE_NAMES } from './features';
import trained from './judge-model.json';

export interface DecisionModel {
  features: string[];
  classes: PartitionKey[];
  /** weights[class][feature], bias last. */
  weights: number[][];
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

/** The shipped model, checked against the features this build computes. */
export function shippedModel(): DecisionModel {
  const model = trained as unknown as DecisionModel;
  const partitions: readonly string[] = PARTITION_KEYS;
  const overridesValid = Array.isArray(model.overrides) && model.overrides.every((pair) => pair.length === 2 && pair.every((key) => partitions.includes(key)));
  if (model.features.join(',') !== FEATURE_NAMES.join(',') || model.classes.join(',') !== PARTITION_KEYS.join(',') || !overridesValid) {
    // A model trained on other features would silently mis-read every claim.
    throw new Error('judge-model.json does not match the judge features; run `npm run train:judge`');
  }
  return model;
}

export function probabilities(x: readonly number[], model: DecisionModel): Record<PartitionKey, number> {
  const logits = model.weights.map((w) => (x.reduce((sum, value, i) => sum + value * w[i]!, 0) + w[x.length]!) / model.temperature);
  const max = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return Object.fromEntries(model.classes.map((c, i) => [c, exps[i]! / total])) as Record<PartitionKey, number>;
}
