// A count the records give as "done of planned": "Wave 3 updated 24 turbines" while the wave's
// record has `updated=23/24`. The claim's count is the fraction's whole (what was planned or in
// scope), not the part the field's own word names; no record gives that field the claim's count
// as its part, and the claim does not give the part itself ("23 of 24 turbines").
import { canonicalStem, type EvidenceIndex, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, holdsSomeAnchor } from '../claim-view';
import { LIGHT_WORDS, splitKeyWords } from '../words';
import { slashPaired } from '../figures';
import { perIndex } from '../records/per-index';

const FRACTION_RE = /^(\d+)\/(\d+)$/;
/** Words before a count that make it the whole, or a range's end: "all 64", "of its four", "3–8". */
const WHOLE_BEFORE_RE = /(?:\b(?:all|of|every|each|out\s+of|total)\s+(?:(?:the|its|their|our)\s+)?|\d\s*[–-]\s*)$/i;

interface Fraction {
  unit: IndexedItem;
  key: string;
  part: number;
  whole: number;
}

export function contradictFractionCount(view: ClaimView): ClaimVerdict | undefined {
  const text = view.claim.text;
  // ("with no rollbacks" denies another thing than the count.)
  if (view.wording.hedge || view.wording.negated.length > 0) return undefined;
  // ("all 112 plugs", "14 of the 96 terminals", "partitions 3–8": the claim itself writes the count as the whole, or a range's end.)
  const counts = view.features.quantities.filter((q) => q.dimension === 'count' && !q.hasUnit && Number.isInteger(q.value) && q.value > 1 && !slashPaired(text, q) && !WHOLE_BEFORE_RE.test(text.slice(Math.max(0, q.start - 24), q.start)));
  if (counts.length === 0) return undefined;
  const claimWords = [...view.words.keys()].filter((word) => word.length >= 4 && !LIGHT_WORDS.has(word));
  const said = new Set(view.features.quantities.map((q) => q.value));
  // The fields the claim's own words name ("updated" ~ updated).
  const named = fractionsOf(view.index).filter((f) => keyNamed(f.key, claimWords));
  if (named.length === 0) return undefined;
  for (const count of counts) {
    // … whose whole is the claim's count.
    const wholes = named.filter((f) => f.whole === count.value && f.part !== count.value && !said.has(f.part) && holdsSomeAnchor(view, f.unit));
    if (wholes.length === 0) continue;
    // Some record gives the field the claim's count as its part (`updated=24/24`): the claim may speak of it.
    if (named.some((f) => f.key === wholes[0]!.key && f.part === count.value)) continue;
    const { unit, key, part, whole } = wholes[0]!;
    return contradicted(unit, `claim says ${count.raw.trim()}, ${unit.item.id} gives ${key}=${part}/${whole}: ${part} of ${whole}`);
  }
  return undefined;
}

/** Every record field written as a fraction of two counts (`updated=23/24`), read once per index. */
const fractionsOf = perIndex((index: EvidenceIndex): Fraction[] => {
  const out: Fraction[] = [];
  for (const unit of index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries(unit.item.fields)) {
      const match = FRACTION_RE.exec(value.trim());
      if (match) out.push({ unit, key, part: Number(match[1]), whole: Number(match[2]) });
    }
  }
  return out;
});

/** Whether a field's name is one of the claim's words (updated ~ "updated", turbines_online ~ "online"). */
function keyNamed(key: string, claimWords: readonly string[]): boolean {
  return splitKeyWords(key).some((part) => {
    const stem = canonicalStem(part);
    return stem.length >= 4 && claimWords.some((word) => word === stem);
  });
}
