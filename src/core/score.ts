// The GSAR score S (gsar.md §2): a weighted share of grounded and complementary claims,
// with contradicted claims penalised by ρ. Always computed from the partition, never taken
// from a judge's own scalar.
import {
  DEFAULT_RHO,
  DEFAULT_UNKNOWN_WEIGHT,
  DEFAULT_WEIGHTS,
  EVIDENCE_TYPES,
  GroundingInputError,
  isEvidenceType,
  type Claim,
  type EvidenceType,
  type Partition,
  type WeightMap,
} from './model';

export interface ScoreOptions {
  /** Replaces the default map entirely when given (it is not merged). */
  weights?: WeightMap;
  /** Contradiction penalty ρ ∈ [0, 1]. */
  rho?: number;
  /** w0: the weight of a type the map lacks. */
  unknownWeight?: number;
}

/** Every term of Equation 2, for display and audit. */
export interface ScoreBreakdown {
  grounded: number;
  ungrounded: number;
  contradicted: number;
  complementary: number;
  rho: number;
  numerator: number;
  denominator: number;
  score: number;
  /** Why S is 0.5 without a ratio, when it is. */
  indifference?: 'empty partition' | 'zero denominator';
}

/** Score when there is nothing to weigh: neither grounded nor ungrounded ("epistemic indifference"). */
export const INDIFFERENT_SCORE = 0.5;

export function validateRho(rho: number): void {
  if (typeof rho !== 'number' || !Number.isFinite(rho) || rho < 0 || rho > 1) {
    throw new GroundingInputError(`must be a number in [0, 1], got ${String(rho)}`, 'rho');
  }
}

function validateWeight(value: unknown, path: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new GroundingInputError(`weight must be a finite number in [0, 1], got ${JSON.stringify(value)}`, path);
  }
}

/** Checks a custom weight map: known types only, every weight finite and in [0, 1]. */
export function validateWeights(weights: unknown, unknownWeight: number = DEFAULT_UNKNOWN_WEIGHT): WeightMap {
  if (weights === null || typeof weights !== 'object' || Array.isArray(weights)) {
    throw new GroundingInputError('must be an object mapping evidence types to weights', 'weights');
  }
  for (const [key, value] of Object.entries(weights)) {
    if (!isEvidenceType(key)) {
      throw new GroundingInputError(
        `unknown evidence type ${JSON.stringify(key)} (expected one of ${EVIDENCE_TYPES.join(', ')})`,
        `weights.${key}`,
      );
    }
    validateWeight(value, `weights.${key}`);
  }
  validateWeight(unknownWeight, 'unknownWeight');
  return weights as WeightMap;
}

/** w(c): the weight of a claim depends only on its evidence type, never on its bucket. */
export function claimWeight(type: EvidenceType, weights: WeightMap = DEFAULT_WEIGHTS, unknownWeight = DEFAULT_UNKNOWN_WEIGHT): number {
  const weight = weights[type];
  return weight === undefined ? unknownWeight : weight;
}

function bucketWeight(claims: readonly Pick<Claim, 'type'>[], weights: WeightMap, unknownWeight: number): number {
  let total = 0;
  for (const claim of claims) total += claimWeight(claim.type, weights, unknownWeight);
  return total;
}

/** Equation 2 with every term; validates ρ and the weights first. */
export function gsarScoreBreakdown(partition: Partition, options: ScoreOptions = {}): ScoreBreakdown {
  const rho = options.rho ?? DEFAULT_RHO;
  validateRho(rho);
  const unknownWeight = options.unknownWeight ?? DEFAULT_UNKNOWN_WEIGHT;
  const weights = options.weights === undefined ? DEFAULT_WEIGHTS : validateWeights(options.weights, unknownWeight);
  if (options.weights === undefined) validateWeight(unknownWeight, 'unknownWeight');

  const grounded = bucketWeight(partition.grounded, weights, unknownWeight);
  const ungrounded = bucketWeight(partition.ungrounded, weights, unknownWeight);
  const contradicted = bucketWeight(partition.contradicted, weights, unknownWeight);
  const complementary = bucketWeight(partition.complementary, weights, unknownWeight);
  const numerator = grounded + complementary;
  const denominator = grounded + ungrounded + rho * contradicted + complementary;
  const base = { grounded, ungrounded, contradicted, complementary, rho, numerator, denominator };

  const claimCount =
    partition.grounded.length + partition.ungrounded.length + partition.contradicted.length + partition.complementary.length;
  if (claimCount === 0) return { ...base, score: INDIFFERENT_SCORE, indifference: 'empty partition' };
  if (denominator === 0) return { ...base, score: INDIFFERENT_SCORE, indifference: 'zero denominator' };
  // Clamp guards against floating-point drift just above 1 when U and X weigh nothing.
  return { ...base, score: Math.min(1, numerator / denominator) };
}

/** S = (W(G) + W(K)) / (W(G) + W(U) + ρ·W(X) + W(K)). */
export function gsarScore(partition: Partition, options: ScoreOptions = {}): number {
  return gsarScoreBreakdown(partition, options).score;
}
