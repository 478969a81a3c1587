// The decision model's inputs: one fixed-length vector per claim, from its proposition's
// modality, the alignment's coverage and the slot outcomes. Every feature is a plain, bounded
// number with a name, so the trained weights can be read and the effect of a change predicted.
import { EVIDENCE_TYPES, PARTITION_KEYS, type EvidenceType, type PartitionKey } from '../../../model';
import type { EvidenceKind } from '../../../review-types';
import type { Alignment } from '../align/align';
import type { Proposition } from '../claims/proposition';
import type { SlotResult } from '../derive/slots';
import { RELATION_KINDS, relationsIn } from '../vocabulary/index';

export interface ClaimEvidence {
  prop: Proposition;
  alignment: Alignment;
  slots: SlotResult[];
  /** Whether the evidence holds any record (not only prose). */
  hasRecords: boolean;
  /** A question was given with the report. */
  hasQuestion: boolean;
  /** What the structural rules propose for the claim: the model weighs it with the slots. */
  proposed: { partition: PartitionKey; type: EvidenceType; cited: number };
}

const KINDS: EvidenceKind[] = ['log_line', 'tool_row', 'signal', 'tool_call', 'reasoning', 'json_field', 'paragraph'];

function count(slots: readonly SlotResult[], slot: SlotResult['slot'] | 'dated', outcome: SlotResult['outcome']): number {
  return slots.filter((s) => (slot === 'dated' ? s.slot === 'time' || s.slot === 'date' : s.slot === slot) && s.outcome === outcome).length;
}

const flag = (value: unknown): number => (value ? 1 : 0);
const share = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);

/**
 * The last features are read from the claim's wording and the rules' proposal alone: the
 * relations it states (vocabulary/relations.json), each of them where the rules proposed
 * grounded, and a rank, comparison or trend grounded with no figure written. Being computable
 * from the text and the proposal, they can be added to feature vectors recorded by earlier builds
 * (bench/train/first-sight), whose other features are theirs.
 */
export const WORDING_FEATURE_NAMES: readonly string[] = [
  ...RELATION_KINDS.map((kind) => `states_${kind}`),
  ...RELATION_KINDS.map((kind) => `grounded_proposed_x_${kind}`),
  'grounded_relation_unmeasured',
];

/** Kinds of relation that a claim's figures can measure (not an order in time, not a plan). */
const MEASURED_RELATIONS = new Set<string>(['superlative', 'comparative', 'trend']);

/** The wording features of a claim whose rules proposed `proposed`. */
export function wordingFeatures(text: string, proposed: PartitionKey): number[] {
  const stated = relationsIn(text);
  const relations = stated.map(flag);
  const grounded = flag(proposed === 'grounded');
  // A rank, a comparison or a trend grounded with no figure written: only its words were found
  // ("Halden's break rate rose through the quarter"), never the relation itself.
  const unmeasured = grounded * flag(!/\d/.test(text) && RELATION_KINDS.some((kind, i) => stated[i] && MEASURED_RELATIONS.has(kind)));
  return [...relations, ...relations.map((value) => value * grounded), unmeasured];
}

/** Feature names, in vector order; the model file stores them so a mismatch is caught at load. */
export const FEATURE_NAMES: readonly string[] = [
  'hedge', 'causal', 'certainty', 'negation', 'absence', 'recommendation', 'question', 'comparison',
  'figures_any', 'figures_matched', 'figures_derived', 'figures_mismatched_any', 'figures_mismatched_share', 'figures_missing_share',
  'times_any', 'times_matched_share', 'times_mismatched_any', 'times_missing_share',
  'states_any', 'states_matched', 'states_mismatched',
  'polarity_opposed', 'polarity_unopposed',
  'entities_any', 'entities_missing_any', 'entities_missing_share',
  'best_word_share', 'union_word_share', 'missing_weight', 'missing_words_any', 'missing_words_many',
  'top_entity_share', 'top_score_log', 'claim_words_log',
  ...KINDS.map((kind) => `support_${kind}`),
  'evidence_has_records', 'has_question',
  'figures_anchored_share', 'figures_conflict_any', 'figures_dimension_conflict_any', 'times_anchored_share',
  'states_conflict_strong', 'polarity_denied_stated',
  'hedge_x_unopposed', 'causal_x_covered', 'mismatch_x_matched_nothing', 'all_matched', 'nothing_specific',
  'absence_uncited',
  ...PARTITION_KEYS.map((key) => `proposed_${key}`),
  ...EVIDENCE_TYPES.map((type) => `proposed_type_${type}`),
  ...WORDING_FEATURE_NAMES,
];

/**
 * A record about the claim's entities states another state of a set than the claim (and says
 * something of its own state), while no record meets the state the first mismatch is about.
 */
function strongStateConflict(slots: readonly SlotResult[]): boolean {
  const mismatch = slots.find((s) => s.slot === 'state' && s.outcome === 'mismatched');
  return slots.some((s) => s.slot === 'state' && s.outcome === 'mismatched' && s.anchored) && !slots.some((s) => s.slot === 'state' && s.outcome === 'matched' && s.claimed === mismatch?.claimed);
}

export function featureVector(input: ClaimEvidence): number[] {
  const { prop, alignment, slots } = input;
  const figures = slots.filter((s) => s.slot === 'figure').length;
  const dated = slots.filter((s) => s.slot === 'time' || s.slot === 'date').length;
  const figMatched = count(slots, 'figure', 'matched');
  const figDerived = count(slots, 'figure', 'derived');
  const figMismatched = count(slots, 'figure', 'mismatched');
  const figMissing = count(slots, 'figure', 'missing');
  const timeMatched = count(slots, 'dated', 'matched');
  const timeMismatched = count(slots, 'dated', 'mismatched');
  const timeMissing = count(slots, 'dated', 'missing');
  const stateMatched = count(slots, 'state', 'matched');
  const stateMismatched = count(slots, 'state', 'mismatched');
  const opposed = slots.some((s) => (s.slot === 'absence' || s.slot === 'negation') && s.outcome === 'mismatched');
  const unopposed = slots.some((s) => (s.slot === 'absence' || s.slot === 'negation') && s.outcome === 'matched');
  const top = alignment.records[0];
  const kindOfTop = top?.unit.item.kind;
  const specifics = figures + dated + alignment.entityCount;
  const mismatches = figMismatched + timeMismatched + stateMismatched;
  const matches = figMatched + figDerived + timeMatched;
  const covered = alignment.unionWordShare;
  return [
    flag(prop.hedge), flag(prop.causal), flag(prop.certainty), flag(prop.negation), flag(prop.absence), flag(prop.recommendation), flag(prop.question), flag(prop.comparison),
    flag(figures), share(figMatched, figures), share(figDerived, figures), flag(figMismatched), share(figMismatched, figures), share(figMissing, figures),
    flag(dated), share(timeMatched, dated), flag(timeMismatched), share(timeMissing, dated),
    flag(prop.states.length), flag(stateMatched), flag(stateMismatched),
    flag(opposed), flag(unopposed),
    flag(alignment.entityCount), flag(alignment.missingEntities.length), share(alignment.missingEntities.length, alignment.entityCount),
    alignment.bestWordShare, covered, alignment.missingWeight, flag(alignment.missingWords.length), flag(alignment.missingWords.length >= 3),
    top?.entityShare ?? 0, Math.log1p(top?.score ?? 0) / 4, Math.log1p(alignment.wordCount) / 3,
    ...KINDS.map((kind) => flag(kindOfTop === kind)),
    flag(input.hasRecords), flag(input.hasQuestion),
    share(slots.filter((s) => s.slot === 'figure' && s.anchored).length, figures), flag(slots.some((s) => s.slot === 'figure' && s.conflict)),
    flag(slots.some((s) => s.slot === 'figure' && s.dimensionConflict)), share(slots.filter((s) => (s.slot === 'time' || s.slot === 'date') && s.anchored).length, dated),
    flag(strongStateConflict(slots)),
    flag(slots.some((s) => (s.slot === 'absence' || s.slot === 'negation') && s.outcome === 'mismatched' && prop.denied.length > 0)),
    flag(prop.hedge) * flag(!opposed && mismatches === 0), flag(prop.causal) * covered, flag(mismatches) * flag(matches === 0), flag(specifics > 0 && matches === figures + dated && alignment.missingEntities.length === 0), flag(specifics === 0),
    // An absence grounded only because no record shows the denied thing, none reporting it: weaker than "evidence reports none".
    flag(input.proposed.type === 'neg_evidence' && input.proposed.cited === 0),
    ...PARTITION_KEYS.map((key) => flag(input.proposed.partition === key)),
    ...EVIDENCE_TYPES.map((type) => flag(input.proposed.type === type)),
    ...wordingFeatures(prop.text, input.proposed.partition),
  ];
}
