// The judge contract output (gsar.md §7) built from judged claims: the four partition lists,
// gaps and contradictions by claim id, S from the partition, and abstention when asked.
import { gsarScore } from '../../score';
import { PARTITION_KEYS, type Claim, type JudgeOutput, type PartitionKey } from '../../model';
import type { ClaimJudgeInput, ClaimJudgement, EvidenceItem, JudgedClaim, ReportClaim } from '../../review-types';

/**
 * Builds the gsar.md §7 judge output from judged claims. With `abstainReason` the output
 * abstains (the claims are still listed, so a user sees what was not judged).
 */
export function judgeOutputFromClaims(claims: readonly JudgedClaim[], abstainReason?: string): JudgeOutput {
  const lists: Record<PartitionKey, Claim[]> = { grounded: [], ungrounded: [], contradicted: [], complementary: [] };
  for (const claim of claims) {
    lists[claim.partition].push({ text: claim.text, type: claim.type, evidence_refs: claim.evidence_refs, start: claim.start, end: claim.end });
  }
  const score = gsarScore(lists);
  const gaps = claims.filter((c) => c.partition === 'ungrounded').map((c) => `${c.id}: ${c.reason}`);
  const contradictions = claims.filter((c) => c.partition === 'contradicted').map((c) => `${c.id}: ${c.reason}`);
  const counts = PARTITION_KEYS.map((key) => `${lists[key].length} ${key}`).join(', ');
  const output: JudgeOutput = {
    grounding_score: score,
    is_grounded: abstainReason === undefined && gaps.length === 0 && contradictions.length === 0 && claims.length > 0,
    grounded_claims: lists.grounded,
    ungrounded_claims: lists.ungrounded,
    contradicted_claims: lists.contradicted,
    complementary_claims: lists.complementary,
    gaps,
    contradictions,
    verification_needed: abstainReason !== undefined || gaps.length > 0 || contradictions.length > 0,
    verification_reason: abstainReason ?? (gaps.length + contradictions.length > 0 ? 'some claims are not supported by the evidence' : ''),
    explanation: abstainReason ? `Abstained: ${abstainReason}.` : `Offline judge: ${counts}.`,
    decision_status: abstainReason ? 'abstain' : 'resolved',
  };
  if (abstainReason) output.abstain_reason = abstainReason;
  return output;
}

/**
 * The evidence an offline judge can read, or its abstaining judgement when there is none (or no
 * claim): every claim is still listed, marked not judged, so a user sees what was not judged.
 */
export function judgeableEvidence(input: ClaimJudgeInput): { usable: EvidenceItem[] } | { abstain: ClaimJudgement } {
  const usable = input.evidence.filter((item) => /[\p{L}\p{N}]/u.test(item.text) || Object.keys(item.fields).length > 0);
  if (usable.length === 0) return { abstain: abstainJudgement(input.claims, input.evidence.length === 0 ? 'no evidence was given' : 'the evidence has no usable content') };
  if (input.claims.length === 0) return { abstain: abstainJudgement([], 'the report has no claims to judge') };
  return { usable };
}

function abstainJudgement(claims: readonly ReportClaim[], reason: string): ClaimJudgement {
  const judged: JudgedClaim[] = claims.map((claim) => ({ ...claim, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `not judged: ${reason}` }));
  return { claims: judged, output: judgeOutputFromClaims(judged, reason), fallbacks: [], warnings: [reason] };
}
