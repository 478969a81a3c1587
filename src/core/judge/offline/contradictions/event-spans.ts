// The length a claim gives an event, against the records that open and close it: "The rollback
// took 35 minutes end to end" while the log has "rollback started" at 11:12:02 and "rollback
// complete" at 12:47:00; "automatic fuel charging was off for about 35 minutes" while the flag
// went to false at 08:10:03 and back to true at 09:05:44. The event is the claim's words; its
// records are the timed records holding them (and every identifier the claim names), the span
// runs from the first that opens it to the first after it that closes it (vocabulary/spans.json).
// Several entities' spans the claim does not tell apart are left alone.
import { extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, siblingRecord } from '../claim-view';
import { durationHolds, momentOf, spanText, type Moment } from '../records/events';
import { LIGHT_WORDS } from '../words';
import { familyOf } from './record-members';
import spans from '../vocabulary/spans.json';

const START = new Set(spans.start);
const FIELD_ONLY = new Set(spans.fieldOnly);
const END = new Set(spans.end);
const CLOSED_BY = spans.closedBy as Record<string, string[]>;
const CUE_RE = new RegExp(`\\b(?:${spans.cues.join('|')})\\s+(?:(?:about|around|roughly|nearly|almost|some|approximately|just over|just under|over|under|~|a total of)\\s+)?$`, 'i');
const APPROXIMATE_RE = /\b(?:about|around|roughly|nearly|almost|some|approximately|~)\s*$/i;
/** Words that say how long, not what: left out of the event's words. */
const SPAN_WORDS = new Set(['took', 'take', 'last', 'spent', 'end', 'whole', 'total', 'overal', 'minut', 'hour', 'second', 'min', 'h', 's', 'dai', 'time']);

export function contradictEventSpan(view: ClaimView): ClaimVerdict | undefined {
  const { wording, features } = view;
  // (A table cell's duration is its row's, which these records need not be.)
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0 || features.times.length > 0 || view.context) return undefined;
  const text = view.claim.text;
  const durations = features.quantities.filter((q) => q.dimension === 'duration' && q.hasUnit && q.qualifier !== 'delta' && /^\d/.test(q.raw.trim()));
  if (durations.length !== 1) return undefined;
  const duration = durations[0]!;
  if (!CUE_RE.test(text.slice(0, duration.start))) return undefined;
  const durationWords = new Set(extractFeatures(duration.raw).words);
  const words = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word) && !SPAN_WORDS.has(word) && !durationWords.has(word) && !START.has(word) && !END.has(word));
  if (words.length === 0) return undefined;
  const ids = features.identifiers;
  const records = view.index.items.filter(
    (unit) =>
      unit.item.kind !== 'paragraph' &&
      unit.item.kind !== 'reasoning' &&
      unit.features.times.length > 0 &&
      ids.every((id) => hasIdentifier(unit, id)) &&
      words.filter((word) => unit.wordSet.has(word) || (word.length >= 4 && unit.lowerText.includes(word))).length * 2 >= words.length &&
      !siblingRecord(view, unit, true),
  );
  // "was paused for 58 minutes": the span opens where the claim's own start word is recorded, not at any start.
  const claimStarts = new Set((text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => START.has(word) && !FIELD_ONLY.has(word)));
  // … and closes where that start is undone ("stopped" by the next start), when the vocabulary says how.
  const closers = [...claimStarts].map((word) => CLOSED_BY[word]);
  const ends: ReadonlySet<string> = closers.length > 0 && closers.every((words) => words !== undefined) ? new Set(closers.flatMap((words) => words ?? [])) : END;
  const marked = records
    .map((unit) => ({ moment: momentOf(unit), marks: marksOf(unit, claimStarts, ends) }))
    .filter((r) => r.marks.start !== r.marks.end)
    .sort((a, b) => a.moment.at - b.moment.at);
  const opening = marked.filter((r) => r.marks.start);
  if (opening.length === 0) return undefined;
  const first = opening[0]!;
  // Spans of several entities the claim does not name apart ("FB-LNG-1 … FB-TRV-1 … hold engaged").
  if (opening.some((r) => namesSibling(r.moment.unit, first.moment.unit))) return undefined;
  const closing = marked.find((r) => r.marks.end && r.moment.at > first.moment.at && !namesSibling(r.moment.unit, first.moment.unit));
  if (!closing) return undefined;
  const span = closing.moment.at - first.moment.at;
  if (span <= 0 || durationHolds(duration, span, APPROXIMATE_RE.test(text.slice(0, duration.start)))) return undefined;
  return contradicted(closing.moment.unit, `claim says ${duration.raw.trim()}, ${describe(first.moment)} to ${describe(closing.moment)} is ${spanText(span)}`);
}

/** Two records of two members of one family (FB-LNG-1 and FB-TRV-1 are not; fb-lng-1 and fb-lng-2 are). */
function namesSibling(a: IndexedItem, b: IndexedItem): boolean {
  for (const x of a.identifierSet) {
    const family = familyOf(x);
    if (family === undefined || b.identifierSet.has(x)) continue;
    for (const y of b.identifierSet) if (y !== x && familyOf(y) === family && !a.identifierSet.has(y)) return true;
  }
  return false;
}

/** Whether a record opens or closes a span: a start or end word among its words or field values. */
function marksOf(unit: IndexedItem, starts: ReadonlySet<string>, ends: ReadonlySet<string>): { start: boolean; end: boolean } {
  // Field names are not states ("restored=11/18" counts what was restored so far; "started_at = …"
  // names a field); short words (on, off, up, down, true, false) are states only as a field's value.
  const prose = unit.lowerText.replace(/[a-z_][\w.-]*\s?=\s?/g, ' ');
  const words = prose.split(/[^a-z]+/).filter((word) => !FIELD_ONLY.has(word));
  const tokens = new Set([...words, ...Object.values(unit.item.fields).map((value) => value.toLowerCase())]);
  return { start: [...tokens].some((t) => (starts.size > 0 ? starts.has(t) : START.has(t))), end: [...tokens].some((t) => ends.has(t)) };
}

function describe(moment: Moment): string {
  return `${moment.unit.item.id} (${moment.raw})`;
}
