// The records an event of a claim describes ("the first setpoint write", "the OTA-FAIL-RATE alert
// had fired"): the timed records holding most of the clause's words, clearly more than any other,
// with their moment. Shared by the checks of order and of durations between events.
import { extractFeatures, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { isBound, satisfiesBound } from '../derive/matching';
import { LIGHT_WORDS } from '../words';

/** Where a clause ends: punctuation (not the colon of 07:12), a dash, or a word that starts another clause ("…, with the alert firing", "while …"). */
export const CLAUSE_BREAK = /[,;()\u2013\u2014]|:(?!\d)|\s-\s|\b(?:with|while|which|whereas|so|but)\b/iu;

export interface Moment {
  unit: IndexedItem;
  /** Seconds on a scale shared by the evidence's records: the day, then the time (UTC when zoned). */
  at: number;
  raw: string;
}

/**
 * The timed records a clause describes: those holding most of its words, clearly more than any
 * other record (two records of one event, "partitions revoked" and "assigned", both count), and
 * at least `least` of them.
 */
export function eventOf(clause: string, candidates: readonly IndexedItem[], least = 3): Moment[] | undefined {
  const features = extractFeatures(clause);
  const every = [...new Set(features.words)];
  const content = every.filter((word) => !LIGHT_WORDS.has(word));
  // A short clause keeps its light words ("the residual check"): they are all it has to go by.
  const words = content.length >= 2 ? content : every;
  const ids = [...new Set(features.identifiers)];
  if (words.length + ids.length < 2) return undefined;
  const scored = candidates
    .filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.features.times.length > 0)
    .map((unit) => ({ unit, score: words.filter((w) => unit.wordSet.has(w)).length + 2 * ids.filter((id) => unit.identifierSet.has(id)).length }));
  const top = Math.max(0, ...scored.map((s) => s.score));
  if (top < least || top * 2 < words.length + 2 * ids.length) return undefined;
  let best = scored.filter((s) => s.score === top);
  // A number the clause names its event by ("the wave 3 push", "cycle 4472") picks among records alike but for it.
  const numbers = features.quantities.filter((q) => !q.hasUnit && Number.isInteger(q.value)).map((q) => new RegExp(`(?<![\\d.])${q.value}(?![\\d.])`));
  if (best.length > 1 && numbers.length > 0) {
    const numbered = best.filter(({ unit }) => numbers.every((number) => number.test(unit.text)));
    if (numbered.length > 0) best = numbered;
  }
  if (best.length > 3) return undefined;
  return best.map(({ unit }) => momentOf(unit));
}

/** A timed record's moment: its first time, on its day when it gives a date. */
export function momentOf(unit: IndexedItem): Moment {
  return momentAt(unit, 0);
}

/** Every moment a record gives (`ts=… fired_at=…`), each time on its own date when the record dates each. */
export function momentsOf(unit: IndexedItem): Moment[] {
  return unit.features.times.map((_, index) => momentAt(unit, index));
}

function momentAt(unit: IndexedItem, index: number): Moment {
  const time = unit.features.times[index]!;
  const dates = unit.features.dates;
  const date = dates.length === unit.features.times.length ? dates[index] : dates[0];
  // Days since the epoch when the record gives its date, so moments of two days compare and subtract.
  const day = date ? Date.UTC(date.year ?? 2000, date.month - 1, date.day ?? 1) / 86_400_000 : 0;
  // The date is the record's local one: 00:12:33+01:00 on 6 October is 23:12:33 UTC on the 5th.
  let offset = time.utc === undefined ? 0 : time.seconds - time.utc;
  if (offset > 43_200) offset -= 86_400;
  if (offset < -43_200) offset += 86_400;
  return { unit, at: day * 86_400 + time.seconds - offset, raw: time.raw.trim() };
}

/** The words before a length that make it approximate ("about 45 minutes", "just over an hour"). */
export const APPROXIMATE_WORDS = 'about|around|roughly|nearly|almost|some|approximately|close to|just over|just under';

/** Seconds from one clock time of day to another, past midnight when the second is earlier. */
export function clockGap(from: number, to: number): number {
  return (((to - from) % 86_400) + 86_400) % 86_400;
}

/**
 * Whether a claimed duration meets a span (seconds) within its precision: a bound as a bound;
 * else a tenth of the span (writers round), "about" a little more (0.12: "roughly 2 hours 40
 * minutes" is not 2 h 22 min), or half its unit.
 */
export function durationHolds(duration: Quantity, span: number, approximate: boolean): boolean {
  if (isBound(duration)) return satisfiesBound(duration, { ...duration, value: span, qualifier: undefined, raw: '' });
  const slack = Math.max(approximate ? 0.12 * span : 0.1 * span, duration.scale / 2, 30);
  return Math.abs(duration.value - span) <= slack;
}

/** A span for a reason: whole minutes, or hours from two hours on. */
export function spanText(seconds: number): string {
  const m = Math.round(seconds / 60);
  return m >= 120 ? `${(m / 60).toFixed(1)} hours` : `${m} minutes`;
}
