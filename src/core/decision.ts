// The decision δ (gsar.md §3): proceed, regenerate or replan from S and two thresholds.
import { DEFAULT_THRESHOLDS, GroundingInputError, type Decision, type Thresholds } from './model';

/** Both thresholds in [0, 1] and τ_regenerate strictly below τ_proceed (equal is an error). */
export function validateThresholds(thresholds: Thresholds): Thresholds {
  const { proceed, regenerate } = thresholds;
  for (const [name, value] of [
    ['proceed', proceed],
    ['regenerate', regenerate],
  ] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
      throw new GroundingInputError(`must be a number in [0, 1], got ${String(value)}`, `thresholds.${name}`);
    }
  }
  if (!(regenerate < proceed)) {
    throw new GroundingInputError(
      `τ_regenerate (${regenerate}) must be strictly below τ_proceed (${proceed})`,
      'thresholds.regenerate',
    );
  }
  return thresholds;
}

/** Each boundary belongs to the upper tier: S = τ_proceed proceeds, S = τ_regenerate regenerates. */
export function decide(score: number, thresholds: Thresholds = DEFAULT_THRESHOLDS): Decision {
  if (typeof score !== 'number' || Number.isNaN(score) || score < 0 || score > 1) {
    throw new GroundingInputError(`score must be a number in [0, 1], got ${String(score)}`, 'score');
  }
  validateThresholds(thresholds);
  if (score >= thresholds.proceed) return 'proceed';
  if (score >= thresholds.regenerate) return 'regenerate';
  return 'replan';
}
