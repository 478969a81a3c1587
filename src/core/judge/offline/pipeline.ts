// The offline judge's stages in order, for one claim: the rules' proposal (propose.ts), read the
// claim as a proposition (claims/), align it with the records about it (align/, records/), check
// its slots and derivations (derive/), and turn the outcomes and the proposal into calibrated
// partition probabilities (decide/), from which the judge settles the verdict.
import type { PartitionKey } from '../../model';
import type { JudgedClaim, ReportClaim } from '../../review-types';
import type { EvidenceIndex } from '../../retrieval/index';
import { align } from './align/align';
import { readProposition } from './claims/proposition';
import { featureVector, type ClaimEvidence } from './decide/features';
import { probabilities, type DecisionModel } from './decide/model';
import { checkSlots } from './derive/slots';

/** Everything the decision reads about one claim, given the rules' proposal for it (training reads it too). */
export function gatherClaimEvidence(claim: ReportClaim, index: EvidenceIndex, question: string | undefined, proposed: Pick<JudgedClaim, 'partition' | 'type' | 'evidence_refs'>): ClaimEvidence {
  const prop = readProposition(claim.text, claim.context);
  const alignment = align(prop, index);
  return {
    prop,
    alignment,
    slots: checkSlots(prop, alignment),
    hasRecords: index.hasRecords,
    hasQuestion: question !== undefined,
    proposed: { partition: proposed.partition, type: proposed.type, cited: proposed.evidence_refs.length },
  };
}

/** The model's calibrated probability of each partition for one claim. */
export function partitionProbabilities(evidence: ClaimEvidence, model: DecisionModel): Record<PartitionKey, number> {
  return probabilities(featureVector(evidence), model);
}

