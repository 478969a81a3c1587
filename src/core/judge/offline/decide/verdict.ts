// From probabilities to what a reviewer sees. The rules propose a verdict; the decision model,
// which weighs that proposal with the slot outcomes, keeps it or overrides it. An override gets
// its evidence type, cited lines and one-line reason from the slot that decided it; a grounded
// verdict the model does not back above the cut is withheld ("could not verify offline").
import type { EvidenceType, PartitionKey } from '../../../model';
import { KIND_TYPES, type ClaimVerdict } from '../claim-view';
import type { IndexedItem } from '../../../retrieval/index';
import type { ClaimEvidence } from './features';
import type { SlotResult } from '../derive/slots';
import type { WithheldVerdict } from '../../../review-types';
import { roundConfidence } from './model';

export interface Verdict extends ClaimVerdict {
  confidence: number;
  withheld?: WithheldVerdict;
}

const refsOf = (units: ReadonlyArray<IndexedItem | undefined>): string[] => [...new Set(units.filter((u): u is IndexedItem => u !== undefined).map((u) => u.item.id))];

const likeliest = (p: Record<PartitionKey, number>): PartitionKey => (Object.keys(p) as PartitionKey[]).reduce((a, b) => (p[b] > p[a] ? b : a));

/**
 * The verdict a reviewer sees: the rules' proposal when the model's likeliest partition is the
 * proposal's or the model may not override it, else the model's partition with what the slots
 * say for it. Below `groundedCut` a grounded verdict is withheld as ungrounded, the GSAR safe side,
 * except one the rules settled by the question (a bare yes or no): the model has no say over it,
 * so its probability there is no confidence in the answer.
 */
export function settleVerdict(proposal: ClaimVerdict, input: ClaimEvidence, p: Record<PartitionKey, number>, options: { groundedCut: number; overrides: ReadonlyArray<readonly [PartitionKey, PartitionKey]> }): Verdict {
  const { groundedCut } = options;
  const partition = mayOverride(proposal, likeliest(p), input, options.overrides) ? likeliest(p) : proposal.partition;
  if (partition === 'grounded' && p.grounded < groundedCut && !proposal.byQuestion) {
    const why = proposal.partition === 'grounded' ? `; ${proposal.reason}` : '';
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `could not verify offline (confidence ${p.grounded.toFixed(2)} below ${groundedCut})${why}`, confidence: p.ungrounded, withheld: { grounded_confidence: roundConfidence(p.grounded), cut: groundedCut } };
  }
  if (partition === proposal.partition) return { ...proposal, confidence: p[partition] };
  const verdict = verdictFor(partition, input, p);
  if (verdict.partition === proposal.partition) return { ...proposal, confidence: p[proposal.partition] };
  return { ...verdict, reason: `${verdict.reason} (weighed against the rules' ${proposal.partition}: ${proposal.reason})` };
}

/**
 * Overrides no model may make, whatever training found. Conflicts are the rules' to find and
 * cite: the model never clears one into a green mark (it may soften it to ungrounded), and never
 * raises one from a mismatch the rules weighed and set aside — whether they left the claim
 * ungrounded or grounded it on other support ("no other key was changed" beside a change the
 * report named: the record's mismatch is no conflict with the claim).
 */
const NEVER_OVERRIDDEN: ReadonlyArray<readonly [PartitionKey, PartitionKey]> = [
  ['contradicted', 'grounded'],
  ['ungrounded', 'contradicted'],
  ['grounded', 'contradicted'],
];

export const neverOverridden = (from: PartitionKey, to: PartitionKey): boolean => NEVER_OVERRIDDEN.some(([f, t]) => f === from && t === to);

/** Whether the model's choice replaces the proposal: only for the pairs training found to help, and grounded only where `groundable`. */
function mayOverride(proposal: ClaimVerdict, chosen: PartitionKey, input: Pick<ClaimEvidence, 'prop' | 'slots' | 'alignment'>, overrides: ReadonlyArray<readonly [PartitionKey, PartitionKey]>): boolean {
  if (proposal.partition === chosen || !overrides.some(([from, to]) => from === proposal.partition && to === chosen)) return false;
  if (neverOverridden(proposal.partition, chosen)) return false;
  if (proposal.byQuestion) return false;
  return chosen !== 'grounded' || groundable(proposal, input);
}

/**
 * Whether the model may ground the claim. What it weighs is wording, never content: an
 * ungrounded proposal only when the rules found every specific and missed only words; never
 * causal or certain wording (over-reach is the spec's rule, gsar.md §7); every entity of the
 * claim in the evidence; every figure, time, date, state and denial met, none by the record of
 * a sibling entity (db-prod-1's 97% is not db-prod-2's) and none while a record about the
 * claim's entities gives the measure another value.
 */
export function groundable(proposal: ClaimVerdict, { prop, slots, alignment }: Pick<ClaimEvidence, 'prop' | 'slots' | 'alignment'>): boolean {
  if (proposal.partition === 'ungrounded' && !proposal.wordingOnly) return false;
  if (prop.causal || prop.certainty) return false;
  if (alignment.missingEntities.length > 0) return false;
  return slots.every((s) => {
    if (s.outcome !== 'matched' && s.outcome !== 'derived') return false;
    if (s.conflict) return false;
    const units = [s.unit, ...(s.derivation?.units ?? [])].filter((u): u is IndexedItem => u !== undefined);
    return !units.some((unit) => namesSiblingOf(unit, prop.identifiers));
  });
}

/** An identifier of the unit that is not one of the claim's but differs from one only in its last part (db-prod-1 / db-prod-2, acl-shop-eu / acl-shop-us). */
function namesSiblingOf(unit: IndexedItem, identifiers: readonly string[]): boolean {
  const family = (id: string): string | undefined => (/[-_.]/.test(id) ? id.replace(/[-_.][^-_.]*$/, '') : undefined);
  const claimed = new Set(identifiers);
  const families = new Set(identifiers.map(family).filter((f): f is string => f !== undefined));
  if (families.size === 0) return false;
  for (const id of unit.identifierSet) if (!claimed.has(id) && families.has(family(id) ?? '')) return !identifiers.some((own) => unit.identifierSet.has(own));
  return false;
}

/** What the slots say for a partition; a contradiction no slot shows is not given (ungrounded instead). */
function verdictFor(chosen: PartitionKey, input: ClaimEvidence, p: Record<PartitionKey, number>): Verdict {
  const { slots, alignment, prop } = input;
  const support = slots.filter((s) => s.outcome === 'matched' || s.outcome === 'derived');
  const against = slots.filter((s) => s.outcome === 'mismatched');
  const partition = chosen === 'contradicted' && against.length === 0 ? 'ungrounded' : chosen;
  const confidence = p[partition];
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
