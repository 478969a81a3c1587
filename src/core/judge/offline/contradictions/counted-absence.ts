// A denial against a count a record gives above zero: "No other rack reported a surface-temperature
// trip after the rollout" while `rack=FR-20 … surface_temp_trips=4`. The claim denies a thing
// ("no … trip", "never logged a knock derate"); a dated record's field whose name holds the denied
// thing's words (a word of the name standing for the claim's word it opens: temp for temperature)
// counts some. Records of what the claim or the claim before names are set apart ("other").
import { canonicalStem, extractFeatures } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier } from '../claim-view';
import { columnWords } from '../align/table-alignment';
import { numericValue } from '../records/tables';
import { LIGHT_WORDS } from '../words';
import { NOT_ADDITIVE_RE } from '../vocabulary';

/** "no other rack reported a surface-temperature trip", "neither engine logged a single knock derate" (not "its median wait"). */
const DENIED_RE = /\b(?:no|neither|none\s+of\s+the|never)\b(?:\s+other)?(?:\s+[\p{L}\d-]+){0,3}?\s+(?:reported|logged|had|recorded|raised|showed|registered|saw|tripped\s+on|suffered)\s+(?:a\s+single\s+|any\s+|a\s+|an\s+)?(?!(?:its|their|his|her|the|this|that)\b)((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/iu;

export function contradictCountedAbsence(view: ClaimView): ClaimVerdict | undefined {
  if (view.wording.hedge) return undefined;
  const denied = DENIED_RE.exec(view.claim.text);
  if (!denied) return undefined;
  // The denied thing ends where a clause of when or where begins ("… trip after the rollout").
  const thing = denied[1]!.split(/\s+(?:after|before|during|since|until|in|on|at|for|while|when|from|to|over|throughout)\b/i)[0]!;
  const words = [...new Set(extractFeatures(thing.replace(/-/g, ' ')).words)].filter((word) => !LIGHT_WORDS.has(word));
  if (words.length < 2) return undefined;
  // What the claim, or the claim just before, names is set apart from the denial.
  // (Things by their numbered names, FR-21: not a hyphenated word such as contact-resistance.)
  const apart = [...view.features.identifiers, ...extractFeatures(view.surroundings.previous[0]?.text ?? '').identifiers].filter((id) => /\d/.test(id));
  for (const unit of view.index.items) {
    // (A record of what happened, dated or timed: not a document's example.)
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.features.times.length + unit.features.dates.length === 0) continue;
    if (apart.some((id) => hasIdentifier(unit, id))) continue;
    for (const [key, value] of Object.entries(unit.features.fields)) {
      const count = numericValue(value);
      // (A median or a rate is no count of things: "median_wait_days=27"; "temp" of what the claim names is.)
      if (count === undefined || count <= 0 || !namesAll(key, words) || statisticIn(key, words)) continue;
      return contradicted(unit, `claim says there was no ${thing.trim()}, ${unit.item.id} has ${key}=${value}`);
    }
  }
  return undefined;
}

/** Whether every word is a part of the field's name, or opens with one of four letters or more (temp of temperature). */
function namesAll(key: string, words: readonly string[]): boolean {
  const parts = columnWords(key.toLowerCase()).map((part) => canonicalStem(part));
  return words.every((word) => parts.some((part) => part === word || (part.length >= 4 && word.startsWith(part))));
}

/** Whether the field's name holds a word of a statistic (median, rate, max) that is not one of the claim's words. */
function statisticIn(key: string, words: readonly string[]): boolean {
  return columnWords(key.toLowerCase()).some((part) => NOT_ADDITIVE_RE.test(part) && !words.some((word) => word.startsWith(canonicalStem(part))));
}
