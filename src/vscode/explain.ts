// Plain-language pieces shared by hovers, diagnostics and the panel: how much a claim weighs,
// its share of S, and short labels.
import { claimWeight, gsarScoreBreakdown, type ScoreBreakdown } from '../core/score';
import type { Partition, PartitionKey } from '../core/model';
import type { JudgedClaim, ReviewResult, WithheldVerdict } from '../core/review-types';

export const PARTITION_LABELS: Record<PartitionKey, string> = {
  grounded: 'Grounded',
  ungrounded: 'Ungrounded',
  contradicted: 'Contradicted',
  complementary: 'Complementary',
};

export function partitionOfClaims(claims: readonly JudgedClaim[]): Partition {
  const partition: Partition = { grounded: [], ungrounded: [], contradicted: [], complementary: [] };
  for (const claim of claims) partition[claim.partition].push({ text: claim.text, type: claim.type, evidence_refs: claim.evidence_refs });
  return partition;
}

export function breakdownOf(result: ReviewResult): ScoreBreakdown {
  const { rho, weights, unknownWeight } = result.scoring;
  return gsarScoreBreakdown(partitionOfClaims(result.claims), { rho, weights, unknownWeight });
}

export interface ClaimContribution {
  weight: number;
  /** G and K: the part of S this claim provides. U and X: the part of the denominator it fills (the drag on S). */
  share: number;
  sentence: string;
}

export function contributionOf(claim: JudgedClaim, result: ReviewResult, breakdown: ScoreBreakdown = breakdownOf(result)): ClaimContribution {
  const weight = claimWeight(claim.type, result.scoring.weights, result.scoring.unknownWeight);
  const denominator = breakdown.denominator;
  const fmt = (value: number) => value.toFixed(2);
  if (denominator <= 0) return { weight, share: 0, sentence: `weight ${fmt(weight)}; S is 0.5 (nothing to weigh)` };
  switch (claim.partition) {
    case 'grounded':
    case 'complementary': {
      const share = weight / denominator;
      return { weight, share, sentence: `weight ${fmt(weight)} · adds ${fmt(share)} to S (${Math.round((share / Math.max(breakdown.score, 1e-9)) * 100)}% of it)` };
    }
    case 'ungrounded': {
      const share = weight / denominator;
      return { weight, share, sentence: `weight ${fmt(weight)} · counts against S: ${Math.round(share * 100)}% of the denominator` };
    }
    case 'contradicted': {
      const share = (result.scoring.rho * weight) / denominator;
      return { weight, share, sentence: `weight ${fmt(weight)} × ρ ${fmt(result.scoring.rho)} · counts against S: ${Math.round(share * 100)}% of the denominator` };
    }
  }
}

/** How a withheld verdict reads: the model's probability of grounded and the cut it fell below. */
export function withheldLine(withheld: WithheldVerdict): string {
  return `grounded at confidence ${withheld.grounded_confidence.toFixed(2)}, below the grounded cut ${withheld.cut}`;
}
