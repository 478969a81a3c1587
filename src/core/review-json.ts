// The review result as JSON: the contract of `--format json`, `--batch` lines, the hook and the
// MCP tools (issue 4). Field names are snake_case, optional fields appear only when set.
import type { EvidenceType, PartitionKey } from './model';
import type { InputWarning, JudgedClaim, JudgeUsage, Omission, PartitionCounts, ReviewResult } from './review-types';

export interface ClaimJson {
  text: string;
  start: number;
  end: number;
  line: number;
  partition: PartitionKey;
  type: EvidenceType;
  evidence_refs: string[];
  reason: string;
  /** No valid verdict came back: counted in `judge.not_judged`, the result is degraded. */
  not_judged?: boolean;
  /** Hybrid judge: which judge decided and why; `disagreement` where both judged and differ. */
  decided_by?: JudgedClaim['decided_by'];
  decided_why?: string;
  disagreement?: string;
  confidence?: number;
  /** A grounded verdict the grounded cut withheld (the claim is ungrounded): grounded's probability and the cut. */
  withheld?: JudgedClaim['withheld'];
  /** With --samples: each sample's partition, the share that agreed, and whether they differed. */
  stability?: { samples: number; agreement: number; unstable: boolean; partitions: PartitionKey[] };
}

export interface ReviewJson {
  score: number;
  decision: ReviewResult['decision'];
  degraded: boolean;
  counts: PartitionCounts;
  claims: ClaimJson[];
  judge: {
    kind: string;
    model?: string;
    abstain_reason?: string;
    /** LLM judges: what the review cost (cached chunks cost nothing). */
    usage?: { requests: number; prompt_tokens: number; completion_tokens: number; total_tokens: number; cached_responses: number };
    /** Fallbacks the judge took, e.g. JSON parsed from text, the safe default. */
    fallbacks?: string[];
    /** Claims without a valid verdict (present when any). */
    not_judged?: number;
    /** With --samples: unstable claims, mean agreement and the range of S over the samples. */
    stability?: { samples: number; unstable_claims: number; mean_agreement: number; score_interval: [number, number] };
  };
  warnings: InputWarning[];
  /** Trouble items of the evidence no claim cites or covers. */
  omissions: Omission[];
  switch?: unknown;
  gate?: unknown;
}

export function toClaimJson(claim: JudgedClaim): ClaimJson {
  return {
    text: claim.text,
    start: claim.start,
    end: claim.end,
    line: claim.line,
    partition: claim.partition,
    type: claim.type,
    evidence_refs: claim.evidence_refs,
    reason: claim.reason,
    ...(claim.not_judged ? { not_judged: true } : {}),
    ...(claim.decided_by ? { decided_by: claim.decided_by } : {}),
    ...(claim.decided_why ? { decided_why: claim.decided_why } : {}),
    ...(claim.disagreement ? { disagreement: claim.disagreement } : {}),
    ...(typeof claim.confidence === 'number' ? { confidence: claim.confidence } : {}),
    ...(claim.withheld ? { withheld: { ...claim.withheld } } : {}),
    ...(claim.stability
      ? { stability: { samples: claim.stability.samples, agreement: claim.stability.agreement, unstable: claim.stability.unstable, partitions: claim.stability.verdicts.map((v) => v.partition) } }
      : {}),
  };
}

/** The review result as the JSON contract of issue 4; `switch` and `gate` appear once computed. */
export function toReviewJson(result: ReviewResult): ReviewJson {
  return {
    score: result.score,
    decision: result.decision,
    degraded: result.degraded,
    counts: result.counts,
    claims: result.claims.map(toClaimJson),
    judge: {
      kind: result.judge.kind,
      ...(result.judge.model ? { model: result.judge.model } : {}),
      ...(result.judge.abstainReason ? { abstain_reason: result.judge.abstainReason } : {}),
      ...(result.judge.usage ? { usage: usageJson(result.judge.usage) } : {}),
      ...(result.judge.fallbacks.length > 0 ? { fallbacks: [...result.judge.fallbacks] } : {}),
      ...(result.judge.notJudged ? { not_judged: result.judge.notJudged } : {}),
      ...(result.judge.stability
        ? {
            stability: {
              samples: result.judge.stability.samples,
              unstable_claims: result.judge.stability.unstableClaims,
              mean_agreement: result.judge.stability.meanAgreement,
              score_interval: result.judge.stability.scoreInterval,
            },
          }
        : {}),
    },
    warnings: result.warnings.map((warning) => ({ ...warning })),
    omissions: (result.omissions ?? []).map((omission) => ({ ...omission })),
    ...(result.switch !== null ? { switch: result.switch } : {}),
    ...(result.gate !== null ? { gate: result.gate } : {}),
  };
}

function usageJson(usage: JudgeUsage): NonNullable<ReviewJson['judge']['usage']> {
  return {
    requests: usage.requests,
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
    cached_responses: usage.cachedResponses,
  };
}
