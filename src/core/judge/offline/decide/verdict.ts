// From probabilities to what a reviewer sees: the partition (grounded only when the model is
// confident enough, else "could not verify offline"), its evidence type, the evidence it cites
// and a one-line reason naming the slot that decided it.
import type { EvidenceType, PartitionKey } from '../../../model';
import { KIND_TYPES } from '../claim-view';
import type { IndexedItem } from '../../../retrieval/index';
import type { ClaimEvidence } from './features';
import type { DecisionModel } from './model';
import type { SlotResult } from '../derive/slots';

export interface Verdict {
  partition: PartitionKey;
  type: EvidenceType;
  evidence_refs: string[];
  reason: string;
  confidence: number;
}


const refsOf = (units: ReadonlyArray<IndexedItem | undefined>): string[] => [...new Set(units.filter((u): u is IndexedItem => u !== undefined).map((u) => u.item.id))];

export function decideVerdict(input: ClaimEvidence, p: Record<PartitionKey, number>, model: DecisionModel): Verdict {
  let partition = (Object.keys(p) as PartitionKey[]).reduce((a, b) => (p[b] > p[a] ? b : a));
  const confidence = p[partition];
  const { slots, alignment, prop } = input;
  const support = slots.filter((s) => s.outcome === 'matched' || s.outcome === 'derived');
  const against = slots.filter((s) => s.outcome === 'mismatched');
  if (partition === 'grounded' && confidence < model.groundedCut) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `could not verify offline (confidence ${confidence.toFixed(2)} below ${model.groundedCut})`, confidence: p.ungrounded };
  }
  if (partition === 'contradicted' && against.length === 0) partition = 'ungrounded';
  const top = alignment.records.slice(0, 2).map((r) => r.unit);
  switch (partition) {
    case 'grounded': {
      const units = support.length > 0 ? support.flatMap((s) => [s.unit, ...(s.derivation?.units ?? [])]) : top.slice(0, 1);
      const refs = refsOf(units);
      const derivation = support.find((s) => s.derivation)?.derivation;
      const type: EvidenceType = prop.absence || prop.negation ? 'neg_evidence' : refs.length > 1 || derivation ? 'synthesis' : KIND_TYPES[units[0]?.item.kind ?? 'log_line'];
      const reason = derivation ? `${derivation.formula}, from ${refsOf(derivation.units).join(' and ')}` : refs.length > 1 ? `supported by ${refs.join(' + ')} together` : refs.length ? `stated in ${refs[0]}` : 'no record contradicts it';
      return { partition, type, evidence_refs: refs, reason, confidence };
    }
    case 'contradicted': {
      const first = against[0]!;
      const refs = refsOf([first.unit]);
      const type: EvidenceType = prop.absence || prop.negation ? 'neg_evidence' : KIND_TYPES[first.unit?.item.kind ?? 'log_line'];
      return { partition, type, evidence_refs: refs, reason: describeMismatch(first), confidence };
    }
    case 'complementary':
      return { partition, type: 'complementary_finding', evidence_refs: refsOf(top.slice(0, 1)), reason: `hedged alternative${prop.hedge ? ` ("${prop.hedge}")` : ''} that conflicts with no evidence`, confidence };
    default:
      return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: ungroundedReason(input), confidence: p.ungrounded };
  }
}

function describeMismatch(slot: SlotResult): string {
  const ref = slot.unit?.item.id ?? 'the evidence';
  switch (slot.slot) {
    case 'absence':
    case 'negation':
      return `claim says "${slot.claimed}", but ${ref} records it`;
    case 'state':
      return `claim says ${slot.claimed}, ${ref} says ${slot.found}`;
    default:
      return `claim says ${slot.claimed}, ${ref} says ${slot.found}`;
  }
}

function ungroundedReason({ prop, alignment, slots }: ClaimEvidence): string {
  const parts: string[] = [];
  if (prop.causal) parts.push('causal link not in evidence');
  else if (prop.certainty) parts.push(`certainty ("${prop.certainty}") not in evidence`);
  const missing = [...alignment.missingEntities, ...slots.filter((s) => s.outcome === 'missing').map((s) => s.claimed)];
  if (missing.length > 0) parts.push(`not in evidence: ${missing.slice(0, 4).join(', ')}`);
  else if (alignment.missingWords.length > 0 && parts.length === 0) parts.push(`not in evidence: ${alignment.missingWords.slice(0, 4).join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : 'not supported by the evidence';
}
