// The trained judge: every partition decided by the calibrated model over the stages of
// pipeline.ts, not by the rules. Not a product judge: `npm run eval` measures it beside the
// shipped offline judge. Deterministic, no network; text inside a report or evidence is only
// ever matched, never obeyed.
import type { ClaimJudge, ClaimJudgeInput, ClaimJudgement, JudgedClaim } from '../../review-types';
import { buildEvidenceIndex } from '../../retrieval/index';
import { shippedModel, type DecisionModel } from './decide/model';
import { decideVerdict } from './decide/verdict';
import { gatherClaimEvidence, partitionProbabilities, roundConfidence } from './pipeline';
import { flagNonAnswer } from './answers';
import { judgeOutputFromClaims, judgeableEvidence } from './output';

export interface TrainedJudgeOptions {
  /** A decision model other than the shipped one (training, tests). */
  model?: DecisionModel;
  /** Overrides the model's cut below which a grounded verdict is withheld. */
  groundedCut?: number;
}

/** Creates the trained judge (`kind: 'offline-trained'`): partitions decided by the model alone. */
export function createTrainedJudge(options: TrainedJudgeOptions = {}): ClaimJudge {
  return {
    kind: 'offline-trained',
    // async: an abort becomes a rejected promise, never a synchronous throw.
    judgeClaims: async (input) => judgeClaimsTrained(input, options),
  };
}

/** The synchronous core of the trained judge; throws only when `signal` is aborted. */
export function judgeClaimsTrained(input: ClaimJudgeInput, options: TrainedJudgeOptions = {}): ClaimJudgement {
  input.signal?.throwIfAborted();
  const judgeable = judgeableEvidence(input);
  if ('abstain' in judgeable) return judgeable.abstain;
  const usable = judgeable.usable;
  const base = options.model ?? shippedModel();
  const model = options.groundedCut === undefined ? base : { ...base, groundedCut: options.groundedCut };
  const index = buildEvidenceIndex(usable);
  const judged: JudgedClaim[] = [];
  for (const [i, claim] of input.claims.entries()) {
    // Check for abort now and then, not per claim: the check is cheap but not free.
    if (i % 64 === 0) input.signal?.throwIfAborted();
    const evidence = gatherClaimEvidence(claim, index, input.question);
    const verdict = decideVerdict(evidence, partitionProbabilities(evidence, model), model);
    judged.push({ ...claim, ...verdict, confidence: roundConfidence(verdict.confidence) });
  }
  if (input.question) flagNonAnswer(judged, input.question);
  return { claims: judged, output: judgeOutputFromClaims(judged), fallbacks: [], warnings: [] };
}



