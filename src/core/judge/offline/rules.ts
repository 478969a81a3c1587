// The offline judge's decision rules for one claim. Contradiction is decided from structure —
// the same quantity with another value, another time, an opposite state, a denied event that
// the evidence shows, an absence claim with a present item — never from text similarity.
import type { EvidenceType, PartitionKey } from '../../model';
import type { EvidenceKind, ReportClaim } from '../../review-types';
import {
  extractFeatures,
  type ClockTime,
  type EvidenceIndex,
  type IndexedItem,
  type Quantity,
  type TextFeatures,
} from '../../retrieval/index';
import { isWeakStateWord, readWording, reportsNothing, statesCause, type Wording } from './language';

export interface ClaimVerdict {
  partition: PartitionKey;
  type: EvidenceType;
  evidence_refs: string[];
  reason: string;
}

export interface RuleOptions {
  /** Share of a claim's content words the evidence must contain (default 0.7). */
  minWordCoverage: number;
  /** The same share when the support is prose (documents, runbooks): words are its content. */
  minProseCoverage: number;
  /** Candidates taken from retrieval per claim (default 16). */
  candidates: number;
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = { minWordCoverage: 0.7, minProseCoverage: 0.9, candidates: 16 };

/** Generic words that carry little of a claim's specific content. */
const LIGHT_WORDS = new Set(
  ['happen', 'occur', 'show', 'indic', 'report', 'observ', 'see', 'seen', 'note', 'saw', 'log', 'record', 'found', 'find',
    'reach', 'total', 'time', 'result', 'valu', 'state', 'statu', 'current', 'around', 'approxim', 'about', 'roughli',
    'within', 'whole', 'overal', 'also', 'still', 'shortli', 'immedi'],
);

const KIND_TYPES: Record<EvidenceKind, EvidenceType> = {
  log_line: 'tool_match',
  tool_row: 'tool_match',
  tool_call: 'tool_match',
  signal: 'signal_match',
  json_field: 'specific_data',
  paragraph: 'domain',
  reasoning: 'inference',
};

interface ClaimView {
  claim: ReportClaim;
  features: TextFeatures;
  wording: Wording;
  /** Content words that must be found, with their weight. */
  words: Map<string, number>;
}

const BARE_ANSWER = /^\s*(yes|no)\s*[.!]?\s*$/i;

/**
 * Judges one claim against the index. Pure and deterministic. With a question, a bare "yes" or
 * "no" is judged as the question's proposition, asserted or denied.
 */
export function judgeClaim(claim: ReportClaim, index: EvidenceIndex, options: RuleOptions = DEFAULT_RULE_OPTIONS, question?: string): ClaimVerdict {
  const bare = BARE_ANSWER.exec(claim.text);
  if (bare && question) return judgeBareAnswer(bare[1]!.toLowerCase() === 'yes', claim, question, index, options);
  const features = extractFeatures(claim.text);
  const wording = readWording(claim.text);
  const view: ClaimView = { claim, features, wording, words: contentWords(features, wording) };

  if (view.words.size === 0 && features.identifiers.length === 0 && features.quantities.length === 0 && features.times.length === 0) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'no checkable content in the claim' };
  }

  // The agent's own reasoning steps are not evidence for its claims.
  const candidates = gatherCandidates(view, index, options).filter((c) => c.item.kind !== 'reasoning');

  const contradiction = findContradiction(view, candidates);
  if (contradiction) return contradiction;

  if (wording.absent.length > 0 || isNegatedEventClaim(view)) {
    return judgeAbsence(view, candidates, index.hasRecords);
  }

  const support = findSupport(view, candidates, options);

  if (wording.hedge) {
    return {
      partition: 'complementary',
      type: 'complementary_finding',
      evidence_refs: support.refs,
      reason: `hedged alternative ("${wording.hedge}") that conflicts with no evidence`,
    };
  }
  if (support.missing.length > 0) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `not in evidence: ${support.missing.slice(0, 4).join(', ')}` };
  }
  if (wording.causal && !support.units.some((item) => statesCause(item.text))) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: support.refs, reason: 'causal link not in evidence' };
  }
  if (wording.certainty && !support.units.some((item) => item.lowerText.includes(wording.certainty!.toLowerCase()))) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: support.refs, reason: `certainty ("${wording.certainty}") not in evidence` };
  }
  const type = support.items.length > 1 ? 'synthesis' : KIND_TYPES[support.items[0]!.item.kind];
  return {
    partition: 'grounded',
    type,
    evidence_refs: support.refs,
    reason: support.items.length > 1 ? `supported by ${support.refs.join(' + ')} together` : `stated in ${support.refs[0]}`,
  };
}

function judgeBareAnswer(yes: boolean, claim: ReportClaim, question: string, index: EvidenceIndex, options: RuleOptions): ClaimVerdict {
  const proposition = question.trim().replace(/\?+$/, '');
  const verdict = judgeClaim({ ...claim, text: proposition }, index, options);
  const holds = verdict.partition === 'grounded';
  if (yes) {
    if (holds) return { ...verdict, reason: `what the question asks is supported: ${verdict.reason}` };
    if (verdict.partition === 'contradicted') return { ...verdict, reason: `what the question asks is contradicted: ${verdict.reason}` };
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `"yes", but the evidence does not support what the question asks (${verdict.reason})` };
  }
  if (holds) return { partition: 'contradicted', type: verdict.type, evidence_refs: verdict.evidence_refs, reason: `"no", but the evidence supports what the question asks (${verdict.reason})` };
  return { partition: 'grounded', type: 'inference', evidence_refs: verdict.evidence_refs, reason: `"no": the evidence does not support what the question asks (${verdict.reason})` };
}

function contentWords(features: TextFeatures, wording: Wording): Map<string, number> {
  const words = new Map<string, number>();
  const hedgeOrCause = new Set(
    [wording.causal, wording.certainty, wording.hedge]
      .filter((w): w is string => !!w)
      .flatMap((w) => extractFeatures(w).words),
  );
  for (const word of features.words) {
    if (hedgeOrCause.has(word)) continue;
    const weight = LIGHT_WORDS.has(word) ? 0.3 : 1;
    words.set(word, Math.max(words.get(word) ?? 0, weight));
  }
  return words;
}

function gatherCandidates(view: ClaimView, index: EvidenceIndex, options: RuleOptions): IndexedItem[] {
  const hits = index.search(view.features, { limit: options.candidates });
  const seen = new Set(hits.map((hit) => hit.indexed.position));
  const candidates = hits.map((hit) => hit.indexed);
  // Make sure an item holding a rare identifier or name is considered even if it ranks low.
  for (const term of [...view.features.identifiers.map((i) => `i:${i}`), ...view.features.names.map((n) => `w:${n}`)]) {
    for (const position of index.itemsWith(term).slice(0, 3)) {
      if (!seen.has(position)) {
        seen.add(position);
        candidates.push(index.items[position]!);
      }
    }
  }
  return candidates;
}

// ---------------------------------------------------------------------------------------------
// Contradiction

/** Whether an item talks about the same subject as the claim: its identifiers, and most of its words. */
function sameSubject(view: ClaimView, item: IndexedItem, ignore: Set<string> = new Set()): boolean {
  for (const identifier of view.features.identifiers) {
    if (!item.identifierSet.has(identifier) && !item.lowerText.includes(identifier)) {
      // A host-like identifier of the claim that the item replaces by another of the same shape is another subject.
      return false;
    }
  }
  let total = 0;
  let shared = 0;
  for (const [word, weight] of view.words) {
    if (ignore.has(word)) continue;
    total += weight;
    if (item.wordSet.has(word)) shared += weight;
  }
  if (total === 0) return view.features.identifiers.length > 0;
  return shared / total >= 0.5 || (shared >= 2 && view.features.identifiers.length > 0);
}

function findContradiction(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  return (
    contradictQuantity(view, candidates) ??
    contradictTime(view, candidates) ??
    contradictState(view, candidates) ??
    undefined
  );
}

function quantityMatches(claim: Quantity, evidence: Quantity): boolean {
  if (claim.hasUnit && evidence.hasUnit && claim.dimension !== evidence.dimension) return false;
  // A number written with a unit meets the same number without one (cpu=97 for "97%").
  // Half a step of the last written digit, in the written unit; the relative term only absorbs
  // floating-point noise from unit conversion (2.14 s vs 2140 ms).
  const tolerance = 0.5 * 10 ** -claim.decimals * claim.scale;
  return Math.abs(claim.value - evidence.value) <= tolerance + 1e-9 * Math.abs(evidence.value);
}

function quantitySupported(quantity: Quantity, candidates: IndexedItem[]): IndexedItem | undefined {
  return candidates.find((item) => item.features.quantities.some((q) => quantityMatches(quantity, q)));
}

function sharesKey(claimQuantity: Quantity, evidence: Quantity, claimWords: Map<string, number>): boolean {
  if (evidence.key.length === 0) return false;
  const claimKey = new Set(claimQuantity.key);
  return evidence.key.some((word) => claimKey.has(word) || (claimWords.has(word) && !isGenericKey(word)));
}

function isGenericKey(word: string): boolean {
  return ['valu', 'count', 'total', 'number', 'percent', 'ms', 'row', 'id', 'line'].includes(word);
}

function contradictQuantity(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  for (const quantity of view.features.quantities) {
    if (quantitySupported(quantity, candidates)) continue;
    for (const item of candidates) {
      if (!sameSubject(view, item, new Set(quantity.key))) continue;
      const other = item.features.quantities.find(
        (q) =>
          (q.dimension === quantity.dimension || (!q.hasUnit && quantity.dimension !== 'count') || (!quantity.hasUnit && q.dimension === 'count')) &&
          sharesKey(quantity, q, view.words) &&
          !view.features.quantities.some((mine) => quantityMatches(mine, q)),
      );
      if (other) {
        return {
          partition: 'contradicted',
          type: KIND_TYPES[item.item.kind] === 'inference' ? 'inference' : KIND_TYPES[item.item.kind],
          evidence_refs: [item.item.id],
          reason: `claim says ${quantity.raw.trim()}, ${item.item.id} says ${other.raw.trim()}`,
        };
      }
    }
  }
  return undefined;
}

function timeMatches(claim: ClockTime, evidence: ClockTime): boolean {
  if (claim.hasSeconds && evidence.hasSeconds) return claim.seconds === evidence.seconds;
  return Math.floor(claim.seconds / 60) === Math.floor(evidence.seconds / 60);
}

function contradictTime(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  // "after 14:10" bounds a search; it is not an event time to compare.
  if (view.wording.after !== undefined || view.wording.before !== undefined) return undefined;
  for (const time of view.features.times) {
    if (candidates.some((item) => item.features.times.some((t) => timeMatches(time, t)))) continue;
    for (const item of candidates) {
      if (item.features.times.length === 0 || !sameSubject(view, item)) continue;
      // The item must be about the claim's event, not only its host: ask for most event words.
      const other = item.features.times[0]!;
      return {
        partition: 'contradicted',
        type: KIND_TYPES[item.item.kind],
        evidence_refs: [item.item.id],
        reason: `claim says ${time.raw.trim()}, ${item.item.id} says ${other.raw.trim()}`,
      };
    }
  }
  return undefined;
}

function contradictState(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const strong = view.wording.states.filter((state) => !isWeakStateWord(state.word));
  if (strong.length === 0) return undefined;
  const stateWords = new Set(strong.map((state) => extractFeatures(state.word).words[0] ?? state.word));
  for (const item of candidates) {
    if (!sameSubject(view, item, stateWords)) continue;
    const itemWording = readWording(item.text);
    for (const state of strong) {
      const itemStates = itemWording.states.filter((s) => s.group === state.group && !isWeakStateWord(s.word));
      const opposite = itemStates.find((s) => s.polarity !== state.polarity);
      const same = itemStates.some((s) => s.polarity === state.polarity);
      const failedCall = state.group === 'outcome' && state.polarity === 1 && item.item.exitOk === false;
      if ((opposite && !same) || failedCall) {
        return {
          partition: 'contradicted',
          type: KIND_TYPES[item.item.kind],
          evidence_refs: [item.item.id],
          reason: `claim says "${state.word}", ${item.item.id} says ${opposite ? `"${opposite.word}"` : 'the call failed'}`,
        };
      }
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Absence and negation

function isNegatedEventClaim(view: ClaimView): boolean {
  return view.wording.negated.length > 0 && view.wording.states.every((state) => isWeakStateWord(state.word) || !view.wording.negated.includes(state.word));
}

function withinBounds(view: ClaimView, item: IndexedItem): boolean {
  const { after, before } = view.wording;
  if (after === undefined && before === undefined) return true;
  if (item.features.times.length === 0) return true;
  return item.features.times.some((t) => (after === undefined || t.seconds >= after) && (before === undefined || t.seconds < before));
}

function judgeAbsence(view: ClaimView, candidates: IndexedItem[], recordsGiven: boolean): ClaimVerdict {
  const denied = [...view.wording.absent, ...view.wording.negated];
  const subjectIdentifiers = view.features.identifiers;
  const negatedClaim = view.wording.absent.length === 0;
  const supporting: IndexedItem[] = [];
  for (const item of candidates) {
    const mentions = denied.some((term) => item.wordSet.has(term) || item.identifierSet.has(term));
    if (!mentions) continue;
    if (!subjectIdentifiers.every((id) => item.identifierSet.has(id) || item.lowerText.includes(id))) continue;
    if (!withinBounds(view, item)) continue;
    if (reportsNothing(item.text)) {
      supporting.push(item);
      continue;
    }
    // A denied event ("was not restarted") needs the item to be about the same subject.
    if (negatedClaim && !sameSubject(view, item)) continue;
    return {
      partition: 'contradicted',
      type: KIND_TYPES[item.item.kind],
      evidence_refs: [item.item.id],
      reason: `claim says there was no ${denied[0]}, ${item.item.id} shows one`,
    };
  }
  if (supporting.length === 0 && !recordsGiven) {
    // Documents are not exhaustive records: that a text does not mention something does not
    // show it did not happen. Only a document that says so itself grounds the denial.
    const stated = candidates.find((item) => sameSubject(view, item) && (reportsNothing(item.text) || readWording(item.text).negated.length > 0));
    if (stated) return { partition: 'grounded', type: KIND_TYPES[stated.item.kind], evidence_refs: [stated.item.id], reason: `the denial is stated in ${stated.item.id}` };
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'an absence cannot be shown from documents that do not state it' };
  }
  return {
    partition: 'grounded',
    type: 'neg_evidence',
    evidence_refs: supporting.map((item) => item.item.id).slice(0, 3),
    reason: supporting.length > 0 ? `evidence reports none (${supporting[0]!.item.id})` : `no evidence item shows ${denied[0]}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Support

interface Support {
  /** One unit per distinct evidence item. */
  items: IndexedItem[];
  /** Every unit used (sentences of a document count separately). */
  units: IndexedItem[];
  refs: string[];
  missing: string[];
}

interface Need {
  label: string;
  weight: number;
  /** Hard needs (identifiers, numbers, times, names) must all be met. */
  hard: boolean;
  met(item: IndexedItem): boolean;
}

function needsOf(view: ClaimView): Need[] {
  const needs: Need[] = [];
  for (const identifier of new Set(view.features.identifiers)) {
    needs.push({ label: identifier, weight: 3, hard: true, met: (item) => item.identifierSet.has(identifier) || item.lowerText.includes(identifier) });
  }
  for (const quantity of view.features.quantities) {
    needs.push({ label: quantity.raw.trim(), weight: 3, hard: true, met: (item) => item.features.quantities.some((q) => quantityMatches(quantity, q)) });
  }
  for (const time of view.features.times) {
    needs.push({ label: time.raw.trim(), weight: 3, hard: true, met: (item) => item.features.times.some((t) => timeMatches(time, t)) });
  }
  // A name is met where all its words stand together: "Stanford University" is not met by a
  // sentence about another university.
  for (const group of view.features.nameGroups) {
    needs.push({ label: group.join(' '), weight: 2, hard: true, met: (item) => group.every((word) => item.wordSet.has(word)) });
  }
  for (const [word, weight] of view.words) {
    needs.push({ label: word, weight, hard: false, met: (item) => item.wordSet.has(word) });
  }
  return needs;
}

function findSupport(view: ClaimView, candidates: IndexedItem[], options: RuleOptions): Support {
  const needs = needsOf(view);
  const chosen: IndexedItem[] = [];
  const met = new Array<boolean>(needs.length).fill(false);
  // Greedy cover: the unit meeting the most unmet weight first, then others while they add
  // something. A later unit must be about the same thing: it restates something already met
  // (a host, a name, a key word), or brings specific content (a number, a time, an id) or a
  // fact of at least two words — a lone word from an unrelated sentence does not count.
  for (let round = 0; round < 4; round++) {
    let best: IndexedItem | undefined;
    let bestGain = 0;
    for (const item of candidates) {
      if (chosen.includes(item)) continue;
      let gain = 0;
      let bridge = chosen.length === 0;
      let hard = false;
      const prose = item.item.kind === 'paragraph';
      for (let i = 0; i < needs.length; i++) {
        const need = needs[i]!;
        if (!need.met(item)) continue;
        if (met[i]) {
          // In prose a sentence joins the claim through a shared entity, not a shared common word.
          if (prose ? need.hard : need.weight >= 1) bridge = true;
        } else {
          gain += need.weight;
          if (need.hard) hard = true;
        }
      }
      if (!bridge && (prose || (!hard && gain < 2))) continue;
      if (gain > bestGain + 1e-9) {
        best = item;
        bestGain = gain;
      }
    }
    if (!best || (chosen.length > 0 && bestGain < 1)) break;
    chosen.push(best);
    for (let i = 0; i < needs.length; i++) if (!met[i] && needs[i]!.met(best)) met[i] = true;
    if (met.every(Boolean)) break;
  }
  const missing: string[] = [];
  let wordTotal = 0;
  let wordMet = 0;
  const softMissing: string[] = [];
  needs.forEach((need, i) => {
    if (need.hard) {
      if (!met[i]) missing.push(need.label);
      return;
    }
    wordTotal += need.weight;
    if (met[i]) wordMet += need.weight;
    else softMissing.push(need.label);
  });
  // Prose is matched on its words (they are its specific content), records on their values.
  const minCoverage = chosen.some((unit) => unit.item.kind === 'paragraph') ? options.minProseCoverage : options.minWordCoverage;
  if (missing.length === 0 && wordTotal > 0 && wordMet / wordTotal < minCoverage) missing.push(...softMissing);
  if (missing.length === 0 && chosen.length === 0) missing.push('any of its terms');
  // Several sentences of one document are one evidence item.
  const items: IndexedItem[] = [];
  for (const unit of chosen) if (!items.some((other) => other.item === unit.item)) items.push(unit);
  return { items, units: chosen, refs: items.map((unit) => unit.item.id), missing };
}
