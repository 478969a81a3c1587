// The offline judge: decides every claim from the structure of the evidence (values, units,
// identifiers, times, negation, causal and hedging wording) with no network, and gives each
// verdict a calibrated confidence from the trained decision model (./offline/decide). Where the
// model does not back a grounded verdict above `groundedCut`, the claim is withheld as
// "could not verify offline". Deterministic; text inside a report or evidence is only ever
// matched, never obeyed.
import type { PartitionKey } from '../model';
import type { ClaimJudge, ClaimJudgeInput, ClaimJudgement, JudgedClaim, ReportClaim } from '../review-types';
import { buildEvidenceIndex } from '../retrieval/index';
import { flagNonAnswer } from './offline/answers';
import { shippedModel } from './offline/decide/model';
import { judgeOutputFromClaims, judgeableEvidence } from './offline/output';
import { DEFAULT_RULE_OPTIONS, judgeClaim, type RuleOptions } from './offline/rules';
import { gatherClaimEvidence, partitionProbabilities, roundConfidence } from './offline/pipeline';

export { askedValue } from './offline/answers';
export { judgeOutputFromClaims } from './offline/output';

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
  /**
   * A grounded verdict whose calibrated probability is below this is withheld: the claim is
   * ungrounded, "could not verify offline" (default 0: every verdict stands, with its confidence).
   */
  groundedCut?: number;
}

/** Creates the offline judge (`kind: 'offline'`). */
export function createOfflineJudge(options: OfflineJudgeOptions = {}): ClaimJudge {
  const { groundedCut, ...ruleOptions } = options;
  const rules: RuleOptions = { ...DEFAULT_RULE_OPTIONS, ...definedOnly(ruleOptions) };
  return {
    kind: 'offline',
    // async: an abort becomes a rejected promise, never a synchronous throw.
    judgeClaims: async (input) => judgeClaimsOffline(input, rules, groundedCut),
  };
}

/** The synchronous core of the offline judge; throws only when `signal` is aborted. */
export function judgeClaimsOffline(input: ClaimJudgeInput, rules: RuleOptions = DEFAULT_RULE_OPTIONS, groundedCut = 0): ClaimJudgement {
  input.signal?.throwIfAborted();
  const judgeable = judgeableEvidence(input);
  if ('abstain' in judgeable) return judgeable.abstain;
  const usable = judgeable.usable;

  const index = buildEvidenceIndex(usable);
  const model = shippedModel();
  const judged: JudgedClaim[] = [];
  const odds: Array<Record<PartitionKey, number>> = [];
  for (const [i, claim] of input.claims.entries()) {
    // Check for abort now and then, not per claim: the check is cheap but not free.
    if (i % 64 === 0) input.signal?.throwIfAborted();
    judged.push({ ...claim, ...judgeClaim(claim, index, rules, input.question, { timed: timedBefore(input.claims, i), previous: input.claims.slice(Math.max(0, i - 6), i).reverse() }) });
    odds.push(partitionProbabilities(gatherClaimEvidence(claim, index, input.question), model));
  }
  if (input.question) flagNonAnswer(judged, input.question);
  judged.forEach((claim, i) => {
    const p = odds[i]!;
    if (claim.partition === 'grounded' && p.grounded < groundedCut) {
      Object.assign(claim, { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `could not verify offline (confidence ${p.grounded.toFixed(2)} below ${groundedCut}); ${claim.reason}` });
    }
    claim.confidence = roundConfidence(p[claim.partition]);
  });
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

function definedOnly(options: OfflineJudgeOptions): Partial<RuleOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<RuleOptions>;
}
