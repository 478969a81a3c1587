// The structural rules' proposals: for each claim, the partition, evidence type, cited lines and
// reason the rules (rules.ts and its contradiction checks) arrive at. The decision model reads a
// proposal as one of its inputs and keeps it, or overrides it, claim by claim (../offline.ts).
import type { ClaimJudgeInput, JudgedClaim, ReportClaim } from '../../review-types';
import type { ClaimVerdict } from './claim-view';
import type { EvidenceIndex } from '../../retrieval/index';
import { flagNonAnswer } from './answers';
import { DEFAULT_RULE_OPTIONS, judgeClaim, type RuleOptions } from './rules';

/** A claim as the rules judge it. */
export type Proposal = JudgedClaim & ClaimVerdict;

/** Every claim of the input as the rules judge it; throws only when `input.signal` is aborted. */
export function proposeVerdicts(input: ClaimJudgeInput, index: EvidenceIndex, rules: RuleOptions = DEFAULT_RULE_OPTIONS): Proposal[] {
  const proposed: Proposal[] = [];
  for (const [i, claim] of input.claims.entries()) {
    // Check for abort now and then, not per claim: the check is cheap but not free.
    if (i % 64 === 0) input.signal?.throwIfAborted();
    // Every claim before this one, copied only for the few rules that read them (a copy per claim
    // was quadratic in the report's length).
    const claims = input.claims;
    const surroundings = {
      timed: timedBefore(claims, i),
      previous: claims.slice(Math.max(0, i - 6), i).reverse(),
      get before(): readonly ReportClaim[] {
        return claims.slice(0, i);
      },
    };
    proposed.push({ ...claim, ...judgeOne(claim, index, rules, input.question, surroundings) });
  }
  if (input.question) flagNonAnswer(proposed, input.question);
  return proposed;
}

/**
 * One claim's proposal. A rule that fails on one claim (a bug met by an input nobody foresaw) must
 * not fail the review: that claim alone is not judged, counted and shown as such, the safe side.
 */
function judgeOne(claim: ReportClaim, index: EvidenceIndex, rules: RuleOptions, question: string | undefined, surroundings: Parameters<typeof judgeClaim>[4]): ClaimVerdict & { not_judged?: boolean } {
  try {
    return judgeClaim(claim, index, rules, question, surroundings);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `not judged: the offline rules failed on this claim (${message.slice(0, 160)})`, not_judged: true };
  }
}

/**
 * The earlier claims of the same paragraph, or of the list item just above, that give a clock
 * time, nearest first: what "25 seconds later" or "It resolved …, about 15 minutes later" counts from.
 */
function timedBefore(claims: readonly ReportClaim[], at: number): ReportClaim[] {
  const timed: ReportClaim[] = [];
  let line = claims[at]!.line;
  for (let i = at - 1; i >= 0 && timed.length < 3; i--) {
    const claim = claims[i]!;
    if (line - claim.line > 1) break;
    if (TIME_RE.test(claim.text)) timed.push(claim);
    line = claim.line;
  }
  return timed;
}

const TIME_RE = /\b\d{1,2}:\d{2}\b|\b\d{1,2}(?::\d{2})?\s?[AP]M\b/i;
