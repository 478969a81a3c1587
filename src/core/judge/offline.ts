// The offline judge: the structural rules (values, units, identifiers, times, negation, causal
// and hedging wording) propose a verdict for every claim; a trained, calibrated decision model
// weighs that proposal with the claim's slot outcomes and keeps or overrides it, and its
// probability is the verdict's confidence. Where the model does not back a grounded verdict
// above `groundedCut`, the claim is withheld as "could not verify offline". No network;
// deterministic; text inside a report or evidence is only ever matched, never obeyed.
import type { ClaimJudge, ClaimJudgeInput, ClaimJudgement, JudgedClaim } from '../review-types';
import { buildEvidenceIndex } from '../retrieval/index';
import { DEFAULT_GROUNDED_CUT } from './grounded-cut';
import { roundConfidence, shippedModel, type DecisionModel } from './offline/decide/model';
import { settleVerdict } from './offline/decide/verdict';
import { judgeOutputFromClaims, judgeableEvidence } from './offline/output';
import { gatherClaimEvidence, partitionProbabilities } from './offline/pipeline';
import { proposeVerdicts } from './offline/propose';
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from './offline/rules';

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
   * ungrounded, "could not verify offline" (default `DEFAULT_GROUNDED_CUT`, 0.5: grounded only where
   * the model rates it more likely than not; 0 lets every verdict stand; the model's
   * `strictGroundedCut` reached 0.9 precision of grounded at first sight, on blind batches the rules had not seen).
   */
  groundedCut?: number;
  /**
   * `model` (default): the decision model settles every verdict from the rules' proposal and
   * the slots. `rules`: the rules' proposals stand, with the model's confidence and no grounded
   * cut unless one is given (for comparison).
   */
  decision?: 'model' | 'rules';
  /** A decision model other than the shipped one (training, tests). */
  model?: DecisionModel;
}

/** Creates the offline judge (`kind: 'offline'`). */
export function createOfflineJudge(options: OfflineJudgeOptions = {}): ClaimJudge {
  return {
    kind: 'offline',
    // async: an abort becomes a rejected promise, never a synchronous throw.
    judgeClaims: async (input) => judgeClaimsOffline(input, options),
  };
}

/** The synchronous core of the offline judge; throws only when `signal` is aborted. */
export function judgeClaimsOffline(input: ClaimJudgeInput, options: OfflineJudgeOptions = {}): ClaimJudgement {
  input.signal?.throwIfAborted();
  const judgeable = judgeableEvidence(input);
  if ('abstain' in judgeable) return judgeable.abstain;
  // The rules alone are the judge before the model: no cut on the model's confidence unless asked.
  const { decision = 'model', model = shippedModel(), groundedCut = decision === 'rules' ? 0 : DEFAULT_GROUNDED_CUT, ...ruleOptions } = options;
  const rules: RuleOptions = { ...DEFAULT_RULE_OPTIONS, ...definedOnly(ruleOptions) };
  const index = buildEvidenceIndex(judgeable.usable);
  const proposals = proposeVerdicts(input, index, rules);
  const judged: JudgedClaim[] = proposals.map((proposal, i) => {
    if (i % 64 === 0) input.signal?.throwIfAborted();
    const evidence = gatherClaimEvidence(proposal, index, input.question, proposal);
    const p = partitionProbabilities(evidence, model);
    const verdict = settleVerdict(proposal, evidence, p, { groundedCut, overrides: decision === 'model' ? model.overrides : [] });
    // The rules' wordingOnly and byQuestion marks are for the decision only, never part of the result.
    const { wordingOnly: _wording, byQuestion: _question, ...claim } = { ...proposal, ...verdict };
    return { ...claim, confidence: roundConfidence(verdict.confidence) };
  });
  return { claims: judged, output: judgeOutputFromClaims(judged), fallbacks: [], warnings: [] };
}

function definedOnly(options: Partial<RuleOptions>): Partial<RuleOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<RuleOptions>;
}
