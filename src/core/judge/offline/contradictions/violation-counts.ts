// "P2's C32/40 results were all above characteristic strength throughout Q3" against
// `plant=P2 mix=C32/40 cast_month=2024-08 results_below_fck=1`; "none of the orders were late"
// against `late_orders=3`. The claim says every member kept to a bar; a record in its scope that
// counts members on the wrong side of it, above zero, says one did not. The field's name must
// count the claim's members (its other words among the claim's) and the failure the claim rules
// out. Wording is data (vocabulary/violation-counts.json).
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, hasName, holdsMonthOf } from '../claim-view';
import { phrasePattern } from '../vocabulary';
import words from '../vocabulary/violation-counts.json';

interface Group {
  claim: RegExp;
  denied: RegExp;
  violation: Set<string>;
}

const GROUPS: Group[] = words.groups.map((group) => ({
  claim: phrasePattern(group.claim),
  denied: phrasePattern(group.denied),
  violation: new Set(group.violation.map((word) => canonicalStem(word))),
}));
const EVERY_RE = phrasePattern(words.every);
// "no … missed", "never exceeded": the failure the claim denies, after a word of denial.
const DENIAL_RE = phrasePattern(words.denials);
const NOT_DENIAL_RE = phrasePattern(words.notDenials);
const EXCEPTION_RE = phrasePattern(words.exceptions);
const GENERIC = new Set(words.generic.map((word) => canonicalStem(word)));

export function contradictViolationCount(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const text = view.claim.text;
  if (view.wording.hedge || EXCEPTION_RE.test(text)) return undefined;
  // ("no more than 3 minutes late" bounds one member: no denial of all.)
  const denial = NOT_DENIAL_RE.test(text) ? null : DENIAL_RE.exec(text);
  if (!denial && !EVERY_RE.test(text)) return undefined;
  // A denied failure after the denial word, else a bar held (not itself denied: "not all above").
  const groups = GROUPS.filter((group) => (denial ? group.denied.test(text.slice(denial.index)) : group.claim.test(text) && !/\bnot\b/i.test(text)));
  if (groups.length === 0) return undefined;
  const violations = new Set(groups.flatMap((group) => [...group.violation]));
  const claimWords = new Set(view.words.keys());
  const members = view.features.quantities.filter((q) => !q.hasUnit && /\d/.test(q.raw));
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || !inScope(view, unit)) continue;
    // "None of the 40 jobs": the members the claim counts are the record's only when it gives that count.
    if (!members.every((q) => unit.features.quantities.some((e) => quantityMatches(q, e)))) continue;
    for (const [field, value] of Object.entries(unit.features.fields)) {
      const count = Number(value);
      if (!Number.isFinite(count) || count <= 0) continue;
      const parts = field.split(/[^A-Za-z]+|(?<=[a-z])(?=[A-Z])/).filter(Boolean).map((part) => canonicalStem(part.toLowerCase()));
      if (!parts.some((part) => violations.has(part))) continue;
      // What it counts: its other words are the claim's ("results" of results_below_fck); a bare
      // count (late=3) counts the record's own things, which the claim must name.
      const counted = parts.filter((part) => !violations.has(part) && !GENERIC.has(part));
      const named = counted.length > 0 ? counted.some((part) => claimWords.has(part)) : [...claimWords].some((word) => unit.wordSet.has(word));
      if (!named) continue;
      return contradicted(unit, `claim says every member kept to the bar, ${unit.item.id} counts ${field}=${value}`);
    }
  }
  return undefined;
}

/** The record is about the claim's entities and periods (a month's row inside the claim's quarter). */
function inScope(view: ClaimView, unit: IndexedItem): boolean {
  return view.features.identifiers.every((id) => hasIdentifier(unit, id) || holdsMonthOf(id, unit)) && view.features.nameGroups.every((group) => hasName(unit, group));
}
