// The offline judge as it stood before the rebuild (a cascade of rules), kept only as the baseline
// `npm run eval` prints beside the shipped judge. Not part of the product.
// The old offline judge: decides every claim from the structure of the evidence (values, units,
// identifiers, times, negation, causal and hedging wording) with no model and no network.
// Deterministic; text inside a report or evidence is only ever matched, never obeyed.
import { gsarScore } from '../../src/core/score';
import { PARTITION_KEYS, type Claim, type JudgeOutput, type PartitionKey } from '../../src/core/model';
import type { ClaimJudge, ClaimJudgeInput, ClaimJudgement, EvidenceItem, JudgedClaim, ReportClaim } from '../../src/core/review-types';
import { buildEvidenceIndex } from '../../src/core/retrieval/index';
import { flagNonAnswer } from './rules/answers';
import { DEFAULT_RULE_OPTIONS, judgeClaim, type RuleOptions } from './rules/rules';

export { askedValue } from './rules/answers';

export interface OfflineJudgeOptions {
  /** Share of a claim's content words that records must contain to ground it (default 0.3). */
  minWordCoverage?: number;
  /** The same share when the support is prose (default 0.9). */
  minProseCoverage?: number;
  /** The same for claims of `longClaimWords` content words or more (default 0.5 from 8 words). */
  minLongProseCoverage?: number;
  longClaimWords?: number;
  /** With a question, the share of the words a long answer adds to it that prose must contain (default 0.6). */
  minAddedCoverage?: number;
  /** Evidence candidates considered per claim (default 16). */
  candidates?: number;
}

/** Creates the offline judge (`kind: 'offline'`). */
export function createOfflineJudge(options: OfflineJudgeOptions = {}): ClaimJudge {
  const rules: RuleOptions = { ...DEFAULT_RULE_OPTIONS, ...definedOnly(options) };
  return {
    kind: 'offline',
    // async: an abort becomes a rejected promise, never a synchronous throw.
    judgeClaims: async (input) => judgeClaimsOffline(input, rules),
  };
}

/** The synchronous core of the offline judge; throws only when `signal` is aborted. */
export function judgeClaimsOffline(input: ClaimJudgeInput, rules: RuleOptions = DEFAULT_RULE_OPTIONS): ClaimJudgement {
  input.signal?.throwIfAborted();
  const usable = input.evidence.filter(isUsable);
  if (usable.length === 0) {
    const reason = input.evidence.length === 0 ? 'no evidence was given' : 'the evidence has no usable content';
    return abstainJudgement(input.claims, reason);
  }
  if (input.claims.length === 0) return abstainJudgement([], 'the report has no claims to judge');

  const index = buildEvidenceIndex(usable);
  const judged: JudgedClaim[] = [];
  for (const [i, claim] of input.claims.entries()) {
    // Check for abort now and then, not per claim: the check is cheap but not free.
    if (i % 64 === 0) input.signal?.throwIfAborted();
    judged.push({ ...claim, ...judgeClaim(claim, index, rules, input.question, { timed: timedBefore(input.claims, i), previous: input.claims.slice(Math.max(0, i - 6), i).reverse() }) });
  }
  if (input.question) flagNonAnswer(judged, input.question);
  return { claims: judged, output: judgeOutputFromClaims(judged), fallbacks: [], warnings: [] };
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

function isUsable(item: EvidenceItem): boolean {
  return /[\p{L}\p{N}]/u.test(item.text) || Object.keys(item.fields).length > 0;
}

function abstainJudgement(claims: readonly ReportClaim[], reason: string): ClaimJudgement {
  const judged: JudgedClaim[] = claims.map((claim) => ({
    ...claim,
    partition: 'ungrounded',
    type: 'inference',
    evidence_refs: [],
    reason: `not judged: ${reason}`,
  }));
  return { claims: judged, output: judgeOutputFromClaims(judged, reason), fallbacks: [], warnings: [reason] };
}

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

function definedOnly(options: OfflineJudgeOptions): Partial<RuleOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<RuleOptions>;
}
