// Support: what grounds a claim. The candidate units retrieval gives it, and the fewest of them
// that meet its needs (needs.ts), a figure no unit states derived from several (derived-figures.ts),
// with enough of its wording: records are matched on their values, prose on its words.
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { LIGHT_WORDS, NARRATION_WORDS, ORDER_WORDS } from '../words';
import type { RuleOptions } from './options';
import { needsOf, type Need } from './needs';
import { derivedFrom } from './derived-figures';
import { dateOffsetDerivation } from '../derive/date-offsets';

export interface Support {
  /** One unit per distinct evidence item. */
  items: IndexedItem[];
  /** Every unit used (sentences of a document count separately). */
  units: IndexedItem[];
  refs: string[];
  missing: string[];
  /** Every hard need (identifier, figure, time, date, name) is met: what is missing, if anything, is wording. */
  specificsMet: boolean;
}

export function gatherCandidates(view: ClaimView, index: EvidenceIndex, options: RuleOptions): IndexedItem[] {
  // The claim's context (a table row's label) helps find the row it is about; it is not content to check.
  const context = view.context;
  const query = context
    ? { ...view.features, words: [...view.features.words, ...context.words], identifiers: [...view.features.identifiers, ...context.identifiers] }
    : view.features;
  const hits = index.search(query, { limit: options.candidates });
  const seen = new Set(hits.map((hit) => hit.indexed.unit));
  const candidates = hits.map((hit) => hit.indexed);
  // Make sure a unit holding a rare identifier or name is considered even if it ranks low.
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

export function findSupport(view: ClaimView, candidates: IndexedItem[], options: RuleOptions): Support {
  const needs = needsOf(view);
  const chosen: IndexedItem[] = [];
  const met = new Array<boolean>(needs.length).fill(false);
  const take = (unit: IndexedItem): void => {
    if (!chosen.includes(unit)) chosen.push(unit);
    for (let i = 0; i < needs.length; i++) if (!met[i] && needs[i]!.met(unit)) met[i] = true;
  };
  // Greedy cover: the unit meeting the most unmet weight first, then others while they add
  // something. A later unit must be about the same thing: it restates something already met
  // (for prose: an entity), or brings specific content (a number, a time, an id) or a fact of
  // at least two words — a lone word from an unrelated sentence does not count.
  for (let round = 0; round < 4; round++) {
    let best: IndexedItem | undefined;
    let bestGain = 0;
    for (const unit of candidates) {
      if (chosen.includes(unit)) continue;
      let gain = 0;
      let bridge = chosen.length === 0;
      let hard = false;
      let valueGain = false;
      const prose = unit.item.kind === 'paragraph';
      for (let i = 0; i < needs.length; i++) {
        const need = needs[i]!;
        if (!need.met(unit)) continue;
        if (met[i]) {
          if (prose ? need.hard : need.weight >= 1) bridge = true;
        } else {
          gain += need.weight;
          if (need.hard) hard = true;
          if (need.value) valueGain = true;
        }
      }
      // Prose joins prose only through an entity or as another sentence of the same paragraph;
      // after a record it may also bring specific content.
      // Or as another block of the same document that brings a figure (a table row of the settings a paragraph describes).
      if (prose && valueGain && chosen.some((other) => other.item === unit.item || (other.item.kind === 'paragraph' && other.item.file === unit.item.file))) bridge = true;
      const proseOnly = prose && chosen.every((other) => other.item.kind === 'paragraph');
      if (!bridge && (proseOnly || (!hard && gain < 2))) continue;
      if (gain > bestGain + 1e-9) {
        best = unit;
        bestGain = gain;
      }
    }
    if (!best || (chosen.length > 0 && bestGain < 1)) break;
    take(best);
    if (met.every(Boolean)) break;
  }
  // A figure no unit states may follow from what they do state (see derivedFrom); a date may be
  // another date plus a period (see dateOffsetDerivation).
  const derived = new Set<number>();
  needs.forEach((need, i) => {
    if (met[i]) return;
    const units = need.quantity ? derivedFrom(view, need.quantity, candidates) : need.date ? dateOffsetDerivation(view, need.date, candidates) : undefined;
    if (!units) return;
    met[i] = true;
    derived.add(i);
    for (const unit of units) take(unit);
  });

  // A product document names its product in some blocks and leaves it implied in others ("If no
  // DLQ is configured, the message is deleted"): a name that another block of the same document
  // uses is the document's subject, not a claim of its own.
  const documents = new Set(chosen.filter((unit) => unit.item.kind === 'paragraph').map((unit) => unit.item.file));
  if (documents.size > 0) {
    needs.forEach((need, i) => {
      if (met[i] || need.value) return;
      // A name, or a word the documents write as a name ("Quayside evaluates …" opens a sentence).
      const documentName = (unit: IndexedItem): boolean =>
        need.name ? need.met(unit) : !need.hard && unit.features.nameGroups.some((group) => group.length === 1 && group[0] === need.label);
      // Another file of the evidence only when the question names it too: the product asked about.
      const asked = need.label.split(' ').every((word) => view.askedWords.has(word));
      met[i] = view.index.items.some(
        (unit) => unit.item.kind === 'paragraph' && (documents.has(unit.item.file) || asked) && !chosen.some((other) => other.item === unit.item) && documentName(unit),
      );
    });
  }

  let missing = missingFrom(view, needs, met, chosen, options);
  // The fewest units that carry the claim, in the order they were chosen: a later item that only
  // adds a word the first already leaves to spare does not make one row a synthesis of two.
  if (missing.length === 0 && derived.size === 0 && chosen.length > 1) {
    for (let size = 1; size < chosen.length; size++) {
      const prefix = chosen.slice(0, size);
      const prefixMet = needs.map((need) => prefix.some((unit) => need.met(unit)));
      if (missingFrom(view, needs, prefixMet, prefix, options).length > 0) continue;
      chosen.length = size;
      missing = [];
      break;
    }
  }
  // Several sentences of one document are one evidence item.
  const items: IndexedItem[] = [];
  for (const unit of chosen) if (!items.some((other) => other.item === unit.item)) items.push(unit);
  const specificsMet = needs.every((need, i) => !need.hard || met[i]);
  return { items, units: chosen, refs: items.map((unit) => unit.item.id), missing, specificsMet };
}

/** What a set of units leaves unsupported of the claim, given which needs they meet. */
function missingFrom(view: ClaimView, needs: readonly Need[], met: readonly boolean[], units: readonly IndexedItem[], options: RuleOptions): string[] {
  const missing: string[] = [];
  let wordTotal = 0;
  let wordMet = 0;
  // The words an answer adds to its question: what it asserts beyond restating what was asked.
  let addedTotal = 0;
  let addedMet = 0;
  const softMissing: string[] = [];
  // A record that meets two of the claim's values carries it as records do, even when a
  // document was taken along for a word ("Shortly before the failover, at 08:40, vpn-ams-01 …").
  const recordValues = needs.filter((need) => need.hard && !need.name && units.some((unit) => unit.item.kind !== 'paragraph' && need.met(unit))).length;
  const prose = units.some((unit) => unit.item.kind === 'paragraph') && recordValues < 2;
  needs.forEach((need, i) => {
    if (need.hard) {
      if (!met[i]) missing.push(need.label);
      return;
    }
    const weight = !prose && NARRATION_WORDS.has(need.label) ? Math.min(need.weight, 0.3) : need.weight;
    wordTotal += weight;
    if (met[i]) wordMet += weight;
    else softMissing.push(need.label);
    if (view.askedWords.has(need.label)) return;
    addedTotal += weight;
    if (met[i]) addedMet += weight;
  });
  // Prose is matched on its words (they are its specific content), records on their values.
  // A long sentence paraphrasing a document may reword a few of its words; a short one may not.
  const long = view.words.size >= options.longClaimWords;
  // Records are matched on their values: with two or more values met, the values carry the claim.
  const hardMet = needs.filter((need, i) => need.hard && met[i]).length;
  const recordCoverage = hardMet >= 2 ? 0 : options.minWordCoverage;
  // A table row or a list item is terse ("| Audit log retention | 30 days |"): a sentence
  // restating it adds words it never had, so half of them is enough.
  const terse = prose && units.every((unit) => unit.item.kind !== 'paragraph' || unit.item.terse === true);
  const proseCoverage = long ? Math.min(options.minProseCoverage, options.minLongProseCoverage) : options.minProseCoverage;
  const minCoverage = prose ? (terse ? Math.min(proseCoverage, 0.5) : proseCoverage) : recordCoverage;
  // Light words (everyday verbs, narration) are what a paraphrase swaps: when every other
  // content word is met, the missing ones are wording, not content.
  // Order, age and approximation words are not swappable: "older", "first", "about 700,000" carry the fact.
  const onlyLightMissing = softMissing.length > 0 && wordMet > 0 && softMissing.every((label) => LIGHT_WORDS.has(label) && !ORDER_WORDS.has(label));
  // A long answer that restates its question reaches the long-claim share on the question's
  // words alone ("Sang Wook Cheong works as a materials scientist on the east coast"): what it
  // adds must still meet the share a claim of ordinary length needs from the long-claim relief.
  const addedShort = long && prose && view.askedWords.size > 0 && addedTotal > 0 && addedMet / addedTotal < options.minAddedCoverage;
  if (missing.length === 0 && wordTotal > 0 && (wordMet / wordTotal < minCoverage || addedShort) && !onlyLightMissing) missing.push(...softMissing);
  if (missing.length === 0 && units.length === 0) missing.push('any of its terms');
  return missing;
}
