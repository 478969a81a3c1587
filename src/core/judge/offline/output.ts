// The judge contract output (gsar.md §7) built from judged claims: the four partition lists,
// gaps and contradictions by claim id, S from the partition, and abstention when asked.
import { gsarScore } from '../../score';
import { PARTITION_KEYS, type Claim, type JudgeOutput, type PartitionKey } from '../../model';
import type { JudgedClaim } from '../../review-types';

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
