// The trained judge, stage by stage (measured beside the shipped offline judge by `npm run eval`;
// the shipped judge takes its confidences from the same stages): read the claim as a proposition (claims/), align it with
// the evidence records about it (align/, records/), check its slots and derivations (derive/),
// and decide its partition with the trained, calibrated model (decide/). Deterministic, no
// network; text inside a report or evidence is only ever matched, never obeyed.
import type { ClaimJudge, ClaimJudgeInput, ClaimJudgement, JudgedClaim, ReportClaim } from '../../review-types';
import { buildEvidenceIndex, type EvidenceIndex } from '../../retrieval/index';
import { align } from './align/align';
import { readProposition } from './claims/proposition';
import { featureVector, type ClaimEvidence } from './decide/features';
import { probabilities, shippedModel, type DecisionModel } from './decide/model';
import { decideVerdict } from './decide/verdict';
import { checkSlots } from './derive/slots';
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

/** Everything the decision reads about one claim. Exported for training. */
export function gatherClaimEvidence(claim: ReportClaim, index: EvidenceIndex, question?: string): ClaimEvidence {
  const prop = readProposition(claim.text, claim.context);
  const alignment = align(prop, index);
  return { prop, alignment, slots: checkSlots(prop, alignment), hasRecords: index.hasRecords, hasQuestion: question !== undefined };
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
    const verdict = decideVerdict(evidence, probabilities(featureVector(evidence), model), model);
    judged.push({ ...claim, ...verdict, confidence: round(verdict.confidence) });
  }
  if (input.question) flagNonAnswer(judged, input.question);
  return { claims: judged, output: judgeOutputFromClaims(judged), fallbacks: [], warnings: [] };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;


