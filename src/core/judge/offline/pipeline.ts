// The offline judge's stages in order, for one claim: read it as a proposition (claims/), align
// it with the records about it (align/, records/), check its slots and derivations (derive/),
// and turn the outcomes into calibrated partition probabilities (decide/). The shipped judge
// takes each verdict's confidence from here; the trained judge decides partitions from it.
import type { PartitionKey } from '../../model';
import type { ReportClaim } from '../../review-types';
import type { EvidenceIndex } from '../../retrieval/index';
import { align } from './align/align';
import { readProposition } from './claims/proposition';
import { featureVector, type ClaimEvidence } from './decide/features';
import { probabilities, type DecisionModel } from './decide/model';
import { checkSlots } from './derive/slots';

/** Everything the decision reads about one claim (training reads it too). */
export function gatherClaimEvidence(claim: ReportClaim, index: EvidenceIndex, question?: string): ClaimEvidence {
  const prop = readProposition(claim.text, claim.context);
  const alignment = align(prop, index);
  return { prop, alignment, slots: checkSlots(prop, alignment), hasRecords: index.hasRecords, hasQuestion: question !== undefined };
}

/** The model's calibrated probability of each partition for one claim. */
export function partitionProbabilities(evidence: ClaimEvidence, model: DecisionModel): Record<PartitionKey, number> {
  return probabilities(featureVector(evidence), model);
}

/** A confidence as the result shows it: three decimals. */
export const roundConfidence = (p: number): number => Math.round(p * 1000) / 1000;
