// A length between the claim's own event and another it names: "fired about 45 minutes after the
// wave 3 push finished", "restarted at 05:11, about four minutes after rtpub-01 had come back".
// The other event is the one timed record the words after "after" / "before" describe, found
// among all the records aligned with the claim (not only the few best); the claim's event is its
// own clock time, else a timed record about its entities. The length holds within the claim's own
// precision ("about" allows 12%).
import { extractFeatures, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { APPROXIMATE_WORDS, CLAUSE_BREAK, clockGap, durationHolds, eventOf, momentsOf, spanText } from '../records/events';
import type { Derivation } from './matching';

const RELATION_RE = /^\s*,?\s*(after|before)\s+(.+)$/i;
const APPROXIMATE_RE = new RegExp(`\\b(?:${APPROXIMATE_WORDS}|~)\\s*$`, 'i');

export function deriveEventGap(quantity: Quantity, text: string, claimUnits: readonly IndexedItem[], aligned: readonly IndexedItem[]): Derivation | undefined {
  if (quantity.dimension !== 'duration' || !quantity.hasUnit || quantity.qualifier === 'delta') return undefined;
  const relation = RELATION_RE.exec(text.slice(quantity.start + quantity.raw.length));
  if (!relation) return undefined;
  const clause = relation[2]!.split(CLAUSE_BREAK)[0]!;
  // "after 10:00", "before 14 May": a moment the claim gives itself, read by the time and date checks.
  const named = extractFeatures(clause);
  if (named.times.length > 0 || named.dates.length > 0) return undefined;
  const others = eventOf(clause, aligned, 2);
  if (others?.length !== 1) return undefined;
  const other = others[0]!;
  const later = relation[1]!.toLowerCase() === 'after';
  const approximate = APPROXIMATE_RE.test(text.slice(0, quantity.start));
  const holds = (span: number): boolean => span > 0 && durationHolds(quantity, span, approximate);
  const own = extractFeatures(text).times;
  if (own.length === 1) {
    // The claim's own clock time is its event, on the other record's day.
    const mine = own[0]!.utc ?? own[0]!.seconds;
    const span = later ? clockGap(other.at, mine) : clockGap(mine, other.at);
    return holds(span) ? { units: [other.unit, other.unit], formula: `${quantity.raw.trim()} = ${spanText(span)} from ${other.unit.item.id} to ${own[0]!.raw.trim()}` } : undefined;
  }
  if (own.length > 0) return undefined;
  for (const unit of claimUnits) {
    if (unit === other.unit || unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.features.times.length === 0) continue;
    for (const mine of momentsOf(unit)) {
      const span = later ? mine.at - other.at : other.at - mine.at;
      if (holds(span)) return { units: [unit, other.unit], formula: `${quantity.raw.trim()} = ${spanText(span)} between ${other.unit.item.id} and ${unit.item.id} ${mine.raw}` };
    }
  }
  return undefined;
}
