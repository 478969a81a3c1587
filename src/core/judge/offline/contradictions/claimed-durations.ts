// A duration the claim gives between two moments it names, against their times: "the whole
// change took about 40 minutes from the first setpoint write to the final residual check" while
// the write is logged at 06:02:05 and the check at 07:12:48 (71 minutes); "took about 40
// minutes, from 06:02 to 07:12". Each end is a clock time the claim gives, else the records of
// the event its words describe (records/events.ts). A figure outside the claim's own precision
// ("about" allows 12%) contradicts it.
import { extractFeatures, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { APPROXIMATE_WORDS, CLAUSE_BREAK, clockGap, durationHolds, eventOf, spanText, type Moment } from '../records/events';
import { namesStretchAfter } from '../claims/window';
import { WORD_NUMBERS } from '../../../retrieval/reading/vocabulary';

const FROM_TO_RE = /\b(?:from|since)\s+(.+?)\s+(?:to|until|till|through)\s+(.+)$|\bbetween\s+(.+?)\s+and\s+(.+)$/i;
const SPAN_FIGURE_RE = new RegExp(String.raw`^(?:\d|(?:half\s+)?an?\s+(?:hour|minute)\b|(?:${Object.keys(WORD_NUMBERS).join('|')})\s)`, 'i');
const CLOCK = String.raw`\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?`;
const CLOCK_JOIN = String.raw`\s*(?:–|—|-|to|until|till|and)\s*`;
// Clauses of the claim, with brackets and a dash between clock times kept inside ("(01:42 to 03:14)", "14:02–14:19").
const SPAN_CLAUSE_BREAK = /;|,\s|:(?!\d)|\s[-\u2013\u2014]\s|\b(?:while|which|whereas|so|but|each)\b/iu;
const CLOCK_RANGE_RE = new RegExp(String.raw`\b(${CLOCK})${CLOCK_JOIN}(${CLOCK})\b`, 'i');
const FIRST_RE = /\b(?:first|earliest|initial)\b/i;
const LAST_RE = /\b(?:last|final|latest)\b/i;
// (Here a bare "over" or "under" is near the figure too: the span is compared with it, not bounded by it.)
const APPROXIMATE_RE = new RegExp(`\\b(?:${APPROXIMATE_WORDS}|over|under|~)\\s*$`, 'i');

export function contradictClaimedDuration(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const { wording, features } = view;
  const text = view.claim.text;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  // A figure written as one ("40 minutes", "five hours", "about an hour"), not a frequency ("once a day", "every
  // 60 s"), a bare unit word ("per hour") or a length of something else ("10-minute windows").
  const durations = features.quantities.filter(
    (q) =>
      q.dimension === 'duration' &&
      q.hasUnit &&
      q.qualifier !== 'delta' &&
      SPAN_FIGURE_RE.test(q.raw.trim()) &&
      !/\d\s*-\s*\p{L}/u.test(q.raw) &&
      !/\b(?:every|each|per|once|twice)\s*$/i.test(text.slice(0, q.start)),
  );
  if (durations.length !== 1) return undefined;
  const duration = durations[0]!;
  // The span's ends in the duration's own clause: "took 40 minutes from A to B", "from A to B, about 40 minutes".
  const after = text.slice(duration.start + duration.raw.length);
  const before = text.slice(0, duration.start);
  // Next to the duration: "40 minutes from A to B", "D, between A and B"; or "from A to B, about D".
  const following = /^\s*,?\s*(?=from|since|between)/i.test(after) ? FROM_TO_RE.exec(after) : null;
  const lead = before.replace(/[\s,]*(?:about|around|roughly|nearly|almost|some|approximately|just over|just under|over|under)?\s*$/i, '');
  const preceding = /\b(?:to|until|till|through|and)\s+[^,;.]*\d{1,2}:\d{2}[^,;.]*$/i.test(lead) && before.length - lead.length <= 12 ? FROM_TO_RE.exec(lead) : null;
  // Or two clock times joined in the duration's own clause: "spent about an hour above the
  // threshold (01:42 to 03:14)", "14:02–14:19 (about 17 min)".
  // Not a window the clause measures in ("p99 was 438 ms in the 14:15–14:30 window").
  const beside = [after.split(SPAN_CLAUSE_BREAK)[0]!, before.split(SPAN_CLAUSE_BREAK).at(-1)!]
    .map((clause) => CLOCK_RANGE_RE.exec(clause))
    .find((range) => range && !namesStretchAfter(range.input.slice(range.index + range[0].length)));
  const ends = following ?? preceding ?? (beside ? [beside[0], beside[1], beside[2]] : null);
  if (!ends) return sinceEvent(view, duration, after, candidates);
  const [a, b] = [ends[1] ?? ends[3]!, (ends[2] ?? ends[4]!).split(CLAUSE_BREAK)[0]!];
  const start = endOf(a, candidates);
  const end = endOf(elided(a, b), candidates);
  if (!start || !end || (start.unit !== undefined && start.unit === end.unit)) return undefined;
  let span = end.at - start.at;
  // Two clock times of the claim without dates: a span past midnight.
  if (span < 0 && start.unit === undefined && end.unit === undefined) span += 86_400;
  if (span <= 0) return undefined;
  // A length of another order ("ran from 05:06 to 05:52 … a p95 of 612 ms", "each took 300 ms")
  // times something else: a wrong length is one the span could have been mistaken for.
  if (outOfOrder(duration, span)) return undefined;
  if (durationHolds(nearOrBound(duration, text), span, APPROXIMATE_RE.test(text.slice(0, duration.start)))) return undefined;
  const where = [start, end].map((m) => (m.unit ? `${m.unit.item.id} ${m.raw}` : m.raw)).join(' to ');
  const unit = end.unit ?? start.unit;
  const reason = `claim says ${duration.raw.trim()}, ${where} is ${spanText(span)}`;
  return unit ? contradicted(unit, reason) : { partition: 'contradicted', type: 'synthesis', evidence_refs: [], reason };
}

/**
 * "from session open to close": the second end names one word and leaves the rest to the first
 * ("session close").
 */
function elided(first: string, second: string): string {
  const words = (text: string): string[] => text.trim().split(/\s+/).filter(Boolean);
  const [mine, theirs] = [words(second), words(first)];
  if (mine.length !== 1 || theirs.length < 2 || /\d/.test(second) || /\d/.test(first)) return second;
  return [...theirs.slice(0, -1), mine[0]!].join(' ');
}

/** A length more than four times off the span times something else (or another pair of records). */
function outOfOrder(duration: Quantity, span: number): boolean {
  return duration.value > 4 * span || span > 4 * duration.value;
}

/** "a little over five hours" is near five hours, not any length past it: a span of 6 h 20 min is not. */
function nearOrBound(duration: Quantity, text: string): Quantity {
  return duration.qualifier === 'lower' || duration.qualifier === 'upper' ? (NEAR_BOUND_RE.test(text.slice(0, duration.start)) ? { ...duration, qualifier: 'approx' } : duration) : duration;
}

const NEAR_BOUND_RE = /\b(?:just|a little|slightly|a bit|marginally)\s+(?:over|under|more than|less than)\s*$/i;

/** An end of the span: a clock time the clause gives, else the one event its words describe. */
function endOf(clause: string, candidates: readonly IndexedItem[]): (Omit<Moment, 'unit'> & { unit?: IndexedItem }) | undefined {
  const { times, dates } = extractFeatures(clause);
  // An end on another day ("11:48 AM on 10 April") is not read here.
  if (dates.length > 0) return undefined;
  if (times.length === 1) return { at: times[0]!.utc ?? times[0]!.seconds, raw: times[0]!.raw.trim() };
  if (times.length > 1) return undefined;
  // A short clause ("the first setpoint write") may be met by two of its words, by one record alone.
  const events = eventOf(clause, candidates, 2);
  if (!events) return undefined;
  if (events.length === 1) return events[0];
  // "the first write", "the final check": the earliest or the latest of the records of that event.
  if (FIRST_RE.test(clause)) return events.reduce((a, b) => (b.at < a.at ? b : a));
  if (LAST_RE.test(clause)) return events.reduce((a, b) => (b.at > a.at ? b : a));
  return undefined;
}

/**
 * "acknowledged the page at 02:23, about three minutes after it fired"; "connected by 20:44, about
 * five minutes after their installs started": the claim's one clock time is one end, the event
 * the words after "after" (or "before") describe the other, when one record is that event.
 */
function sinceEvent(view: ClaimView, duration: Quantity, after: string, candidates: readonly IndexedItem[]): ClaimVerdict | undefined {
  const relation = /^\s*(after|before)\s+(.+)$/i.exec(after);
  if (!relation || view.features.times.length !== 1) return undefined;
  // "After the retry failed at 06:32 the channel was suspended, six minutes before …": the time is
  // the leading clause's event, not the one the length runs from.
  if (/^\s*(?:after|before|when|once|following|until)\b/i.test(view.claim.text)) return undefined;
  const clause = resolvePronoun(relation[2]!.split(CLAUSE_BREAK)[0]!, view.claim.text.slice(0, duration.start));
  const event = endOf(clause, candidates);
  if (!event?.unit || extractFeatures(clause).times.length > 0) return undefined;
  const claimed = view.features.times[0]!;
  const mine = claimed.utc ?? claimed.seconds;
  const theirs = event.at;
  const span = relation[1]!.toLowerCase() === 'after' ? clockGap(theirs, mine) : clockGap(mine, theirs);
  if (span <= 0 || span > 43_200 || outOfOrder(duration, span)) return undefined;
  if (durationHolds(nearOrBound(duration, view.claim.text), span, APPROXIMATE_RE.test(view.claim.text.slice(0, duration.start)))) return undefined;
  return contradicted(event.unit, `claim says ${duration.raw.trim()} ${relation[1]!.toLowerCase()} it, ${claimed.raw.trim()} and ${event.unit.item.id} ${event.raw} are ${spanText(span)} apart`);
}

/**
 * "HP2-SUPPLY-TEMP-LOW cleared, roughly 2 hours 40 minutes after it fired": "it" is the one
 * entity the claim named before the duration, so the other end is that entity's event.
 */
function resolvePronoun(clause: string, before: string): string {
  const pronoun = /^\s*(?:it|they)\b/i.exec(clause);
  if (!pronoun) return clause;
  const named = [...new Set(extractFeatures(before).identifiers)];
  return named.length === 1 ? `${named[0]}${clause.slice(pronoun[0].length)}` : clause;
}
