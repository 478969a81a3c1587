// Absence claims against the evidence window: "no errors in the last 5 minutes" is grounded only
// when the evidence was watching for those 5 minutes. Logs show lines that exist; a silence outside
// what they span is not evidence of absence. Runs after judging, on whatever judge ran: a grounded
// absence claim whose window the evidence does not cover becomes ungrounded, with the span it has.
import type { EvidenceItem, JudgedClaim } from '../review-types';
import words from './window-words.json';

const DAY_MS = 86_400_000;

/** A moment: its time of day as written (ms), and the absolute time when a date came with it. */
interface Moment {
  tod: number;
  epoch?: number;
}

interface Span {
  from: Moment;
  to: Moment;
}

/** The window a claim speaks of. */
type ClaimWindow = ({ kind: 'recent'; ms: number } | { kind: 'since'; from: Moment } | { kind: 'between'; from: Moment; to: Moment }) & {
  phrase: string;
  /** Where the window's words stand in the claim: [start, end). */
  at: [number, number];
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (values: readonly string[]) => [...values].sort((a, b) => b.length - a.length).map(escape).join('|');

const UNIT = alternatives(Object.keys(words.units));
const AMOUNT = `\\d+(?:\\.\\d+)?|${alternatives(Object.keys(words.numberWords))}`;
const CLOCK = String.raw`\d{1,2}:\d{2}(?::\d{2})?`;
const RECENT = new RegExp(
  String.raw`\b(?:in|over|during|for|within|throughout|across)\s+the\s+((?:${alternatives(words.recentWords)})\s+(?:(${AMOUNT})\s*)?(${UNIT}))\b`,
  'i',
);
const SINCE = new RegExp(String.raw`\b(since\s+(${CLOCK}))(?![:\d])`, 'i');
const BETWEEN = new RegExp(String.raw`\b((?:between|from)\s+(${CLOCK})\s*(?:and|to|until|till|–|—|-)\s*(${CLOCK}))(?![:\d])`, 'i');
const NEGATION = new RegExp(String.raw`(?<![\p{L}'])(?:${alternatives(words.negations)})(?![\p{L}'])`, 'giu');
const CLAUSE_BREAK = new RegExp(String.raw`[.;:!?]|,\s*(?:${alternatives(words.clauseBreaks)})\b`, 'i');

const ISO = /^\[?(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?\]?$/;
const BARE = /^\[?(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,3})\d*)?)?\]?$/;
const LEADING_STAMP = /^\s*\[?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?|\d{2}:\d{2}:\d{2}(?:[.,]\d+)?)(?=[\s\]]|$)/;
const TIME_FIELDS = new Set(words.timeFields.map((field) => field.toLowerCase()));
const START_FIELDS = new Set(words.windowStartFields);
const END_FIELDS = new Set(words.windowEndFields);

const clockMs = (h: string, m: string, s?: string, ms?: string) => ((Number(h) * 60 + Number(m)) * 60 + Number(s ?? 0)) * 1000 + Number((ms ?? '0').padEnd(3, '0'));

export function parseMoment(value: string): Moment | undefined {
  const text = value.trim();
  const iso = ISO.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, ms, zone] = iso;
    const epoch = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}.${(ms ?? '0').padEnd(3, '0')}${zone ?? 'Z'}`);
    if (!Number.isFinite(epoch)) return undefined;
    return { tod: clockMs(h, mi, s, ms), epoch };
  }
  const bare = BARE.exec(text);
  if (bare && Number(bare[1]) < 24 && Number(bare[2]) < 60) return { tod: clockMs(bare[1], bare[2], bare[3], bare[4]) };
  return undefined;
}

/** An ISO 8601 interval value (`2026-04-15T08:30Z/2026-04-15T08:50Z`): a row that declares its window. */
function intervalOf(value: string): Span | undefined {
  const slash = value.indexOf('/');
  if (slash <= 0) return undefined;
  const from = parseMoment(value.slice(0, slash));
  const to = parseMoment(value.slice(slash + 1));
  return from && to ? { from, to } : undefined;
}

/** The moments an item is stamped with, and the windows it declares: a query's args from/to, an interval field. */
function itemTimes(item: EvidenceItem): { moments: Moment[]; declared: Span[] } {
  const moments: Moment[] = [];
  const stamp = LEADING_STAMP.exec(item.text)?.[1];
  const leading = stamp ? parseMoment(stamp) : undefined;
  if (leading) moments.push(leading);
  let from: Moment | undefined;
  let to: Moment | undefined;
  const declared: Span[] = [];
  for (const [key, value] of Object.entries(item.fields)) {
    const leaf = (key.split('.').at(-1) ?? key).toLowerCase();
    const isArg = key.startsWith('args.');
    const interval = intervalOf(value);
    if (interval) {
      declared.push(interval);
      continue;
    }
    if (isArg && START_FIELDS.has(leaf)) from = parseMoment(value) ?? from;
    else if (isArg && END_FIELDS.has(leaf)) to = parseMoment(value) ?? to;
    else if (TIME_FIELDS.has(leaf)) {
      const moment = parseMoment(value);
      if (moment) moments.push(moment);
    }
  }
  if (from && to) declared.push({ from, to });
  return { moments, declared };
}

/** Per file, the span from its first to its last stamped item, plus every window a query declared. */
export function evidenceSpans(items: readonly EvidenceItem[]): Span[] {
  const byFile = new Map<string, Moment[]>();
  const spans: Span[] = [];
  for (const item of items) {
    const { moments, declared } = itemTimes(item);
    spans.push(...declared);
    if (moments.length > 0) byFile.set(item.file, [...(byFile.get(item.file) ?? []), ...moments]);
  }
  for (const moments of byFile.values()) {
    const useEpoch = moments.every((moment) => moment.epoch !== undefined);
    const key = (moment: Moment) => (useEpoch ? moment.epoch! : moment.tod);
    const sorted = [...moments].sort((a, b) => key(a) - key(b));
    spans.push({ from: sorted[0], to: sorted[sorted.length - 1] });
  }
  return spans;
}

export function claimWindow(text: string): ClaimWindow | undefined {
  const between = BETWEEN.exec(text);
  if (between) {
    const from = parseMoment(between[2]);
    const to = parseMoment(between[3]);
    if (from && to) return { kind: 'between', from, to, phrase: between[1], at: [between.index, between.index + between[0].length] };
  }
  const since = SINCE.exec(text);
  if (since) {
    const from = parseMoment(since[2]);
    if (from) return { kind: 'since', from, phrase: since[1], at: [since.index, since.index + since[0].length] };
  }
  const recent = RECENT.exec(text);
  if (recent) {
    const amountWord = recent[2]?.toLowerCase();
    const amount = amountWord === undefined ? 1 : (words.numberWords as Record<string, number>)[amountWord] ?? Number(amountWord);
    const unit = (words.units as Record<string, number>)[recent[3].toLowerCase()];
    if (Number.isFinite(amount) && amount > 0 && unit) return { kind: 'recent', ms: amount * unit, phrase: `the ${recent[1]}`, at: [recent.index, recent.index + recent[0].length] };
  }
  return undefined;
}

/**
 * An absence over the window: a negation of quantity ("no errors", "zero 5xx") in the window's own
 * clause, a few words from it. "The app was down from 10:05 to 15:20, so customers could not …"
 * is no absence claim over 10:05–15:20.
 */
export function isAbsenceOverWindow(text: string, window: ClaimWindow): boolean {
  for (const match of text.matchAll(NEGATION)) {
    const start = match.index;
    const end = start + match[0].length;
    const between = end <= window.at[0] ? text.slice(end, window.at[0]) : window.at[1] <= start ? text.slice(window.at[1], start) : '';
    if (CLAUSE_BREAK.test(between)) continue;
    if (between.split(/\s+/).filter(Boolean).length <= words.maxWordsBetween) return true;
  }
  return false;
}

/** Intervals on one axis: absolute ms when every moment has a date and the window needs none; else time of day. */
function onAxis(spans: readonly Span[], window: ClaimWindow): Array<[number, number]> {
  const windowIsClock = window.kind !== 'recent';
  const useEpoch = !windowIsClock && spans.every((span) => span.from.epoch !== undefined && span.to.epoch !== undefined);
  const intervals = spans.map((span): [number, number] => {
    if (useEpoch) return [span.from.epoch!, span.to.epoch!];
    // With dates, the length comes from them: a day or more covers every time of day.
    if (span.from.epoch !== undefined && span.to.epoch !== undefined) {
      const length = span.to.epoch - span.from.epoch;
      return length >= DAY_MS ? [-DAY_MS, 2 * DAY_MS] : [span.from.tod, span.from.tod + Math.max(0, length)];
    }
    // A span that crosses midnight on the clock is read as ending the next day.
    return span.to.tod >= span.from.tod ? [span.from.tod, span.to.tod] : [span.from.tod, span.to.tod + DAY_MS];
  });
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push([...interval]);
  }
  return merged;
}

function clock(ms: number, seconds: boolean): string {
  const total = Math.round((((ms % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}`;
  return seconds ? `${text}:${pad(total % 60)}` : text;
}

function describeIntervals(intervals: ReadonlyArray<[number, number]>): string {
  const seconds = intervals.some(([from, to]) => Math.round(from / 1000) % 60 !== 0 || Math.round(to / 1000) % 60 !== 0);
  return intervals.map(([from, to]) => (to - from < 1000 ? clock(from, seconds) : `${clock(from, seconds)}–${clock(to, seconds)}`)).join(', ');
}

/** Why the evidence does not cover the claim's window, or undefined when it does. */
export function uncoveredWindowReason(claimText: string, items: readonly EvidenceItem[]): string | undefined {
  const window = claimWindow(claimText);
  if (!window || !isAbsenceOverWindow(claimText, window)) return undefined;
  const spans = evidenceSpans(items);
  if (spans.length === 0) return `the evidence carries no timestamps, so it cannot show ${window.phrase} was watched`;
  const intervals = onAxis(spans, window);
  const latest = Math.max(...intervals.map(([, to]) => to));
  const axisOf = (moment: Moment) => moment.tod;
  const [from, to] =
    window.kind === 'recent' ? [latest - window.ms, latest] : window.kind === 'since' ? [axisOf(window.from), latest] : [axisOf(window.from), axisOf(window.to)];
  const covered = to >= from && intervals.some(([start, end]) => start <= from && end >= to);
  return covered ? undefined : `evidence covers only ${describeIntervals(intervals)}, not ${window.phrase}`;
}

/** The judged claims with every grounded absence claim over an uncovered window made ungrounded. */
export function checkAbsenceWindows(claims: readonly JudgedClaim[], items: readonly EvidenceItem[]): JudgedClaim[] {
  return claims.map((claim) => {
    if (claim.partition !== 'grounded') return claim;
    const reason = uncoveredWindowReason(claim.text, items);
    if (reason === undefined) return claim;
    // The judge's confidence was for its own partition, not this one.
    const { confidence: _judged, ...rest } = claim;
    return { ...rest, partition: 'ungrounded', reason };
  });
}
