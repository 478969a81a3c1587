// Quantities written as phrases rather than digits: "an hour", "a quarter of the sessions",
// "six and a half minutes", "two and a quarter hours", "one in every 21"; and durations written in parts ("1 minute 33
// seconds"), which join into one.
import type { ReadingDetail } from './detail';
import type { Quantity } from './types';
import { FRACTIONS, NOT_A_FRACTION_BEFORE, UNITS, WORD_NUMBERS } from './vocabulary';
import { execAll } from './matches';

/**
 * "a quarter of each broker's disk", "about half of the sessions", "two-thirds of users": a
 * share written as a fraction is a percentage, and only ever approximate.
 */
// ("the first half of 2025", "the second half of the shift" name a period, not a share.)
const FRACTION_RE = new RegExp(String.raw`\b(?:(?:a|one)\s+(quarter|third|half)|(two)[-\s]thirds|(three)[-\s]quarters|${NOT_A_FRACTION_BEFORE}(half))\b(?=\s+(?:of|the|its|their|all)\b)`, 'gi');
const AND_A_PART_RE = /\b(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+and\s+(a\s+half|a\s+quarter|three\s+quarters)\s+(seconds|minutes|hours|days|weeks|months|years)\b/gi;
/** The words before "an hour" when they make it a rate: an amount and what it counts ("EUR 28", "412 port errors"). */
const PER_UNIT_AMOUNT_RE =
  /(?:^|[\s(€$£])[\d][\d,.]*\s*(?:(?!(?:in|for|about|around|roughly|nearly|almost|within|over|after|before|than|of|at|on|by|under|lasted|took|ran|was|were|is|are|and|or|but|then|later|only|just)\b)[\p{L}%-]+\s+){0,3}$/iu;

const ONE_IN_RE = /\b(?:one|1)\s+(?:(?!(?:of|the|them|it|which|that|those|these)\b)[\p{L}-]+\s+){0,2}?in\s+(?:every\s+)?(\d[\d,]*)\b(?!\s*(?:[%.]\d|percent|per cent|minutes?|hours?|days?|weeks?|months?|years?|seconds?|ms|s\b|m\b|h\b|GB|MB))/giu;

/** "one year", "an hour", "a day": one of a unit (not "one of the", "a host"). */
// "a second" is a duration only where a duration can stand ("a second later", "within a second.",
// "a second or two"); before a noun or inline code it is the ordinal ("a second deploy", "a second `crontab -l`").
const ONE_UNIT_RE = /\b(?:one|an?)\s+(?:(?:full|whole|single|additional|extra)\s+)?(microseconds?|milliseconds?|second(?=\s*(?:$|[.,;:)!?]|(?:later|after|afterwards|before|earlier|ago|of|to|and|or|in|for|apart|behind|ahead|long|or so|each|per|at|on|between|from)\b))|seconds|minutes?|hours?|days?|weeks?|months?|years?)\b(?:\s+and\s+(?:a\s+half|a\s+quarter|three\s+quarters)\b)?/gi;
/** The part of a unit written after its whole ("and a half", "and a quarter", "and three quarters"). */
const PART_AFTER_ONE: ReadonlyArray<readonly [RegExp, number]> = [
  [/a\s+half$/i, 0.5],
  [/a\s+quarter$/i, 0.25],
  [/three\s+quarters$/i, 0.75],
];
// Cheap tests a text must pass before a costly pattern can match it: each is implied by its pattern.
const NO_MATCHES: readonly RegExpExecArray[] = [];
const FRACTION_HINT = /quarter|third|half/i;
const UNIT_WORD_HINT = /second|minute|hour|day|week|month|year/i;
const IN_HINT = /in\s/i;

/** The fractions of a text ("a quarter of", "two-thirds of"), in text order; they never overlap. */
export function readFractions(text: string): RegExpExecArray[] {
  return FRACTION_HINT.test(text) ? execAll(FRACTION_RE, text) : [];
}

/** Whether an offset lies inside one of the fractions (in text order). */
export function inFractionOf(fractions: readonly RegExpExecArray[]): (index: number) => boolean {
  // Fractions are in text order and never overlap: the last one starting at or before an offset is the only one that can hold it.
  return (index: number): boolean => {
    if (fractions.length === 0) return false;
    const match = fractions[lastStartingBefore(fractions, index + 1)];
    return match !== undefined && index < match.index + match[0].length;
  };
}

/** "one year", "an hour", "a minute and a half": adds them to `quantities`; true when any was read. */
export function readOneUnitPhrases(text: string, fractions: readonly RegExpExecArray[], quantities: Quantity[], detail: ReadingDetail): boolean {
  let read = false;
  for (const match of UNIT_WORD_HINT.test(text) ? execAll(ONE_UNIT_RE, text) : NO_MATCHES) {
    // "a quarter of a minute" was read as a fraction of the unit.
    const fraction = fractions.length === 0 ? undefined : fractions[lastStartingBefore(fractions, match.index)];
    if (fraction !== undefined && match.index <= fraction.index + fraction[0].length + 6) continue;
    // "EUR 28 an hour", "3 a day": after an amount, "an hour" means per hour.
    // So are "41,200 log lines a second" and "412 port allocation errors a minute".
    // The amount is a number of its own (not the digit of "db-2" or "RESTORE-12"), and the words
    // between name what it counts ("log lines", "port allocation errors"), with no preposition or
    // verb that would make "an hour" a time span ("2 TB in about an hour", "errors for a minute").
    if (/^an?\s/i.test(match[0]) && PER_UNIT_AMOUNT_RE.test(text.slice(Math.max(0, match.index - 48), match.index))) continue;
    read = true;
    const unit = UNITS[match[1]!.toLowerCase()]!;
    // "an hour and a half", "an hour and a quarter".
    const part = PART_AFTER_ONE.find(([pattern]) => pattern.test(match[0]))?.[1] ?? 0;
    // "half an hour", "half a day".
    const halfOf = /\bhalf\s+$/i.test(text.slice(Math.max(0, match.index - 6), match.index));
    quantities.push({
      value: (part ? 1 + part : halfOf ? 0.5 : 1) * unit.factor,
      dimension: unit.dimension,
      hasUnit: true,
      decimals: part ? 2 : 0,
      scale: unit.factor,
      key: detail.keyBefore(text, match.index),
      raw: match[0],
      start: match.index,
      qualifier: detail.qualifier(text, match.index),
    });
  }
  return read;
}

/** The fractions as figures: a share in percent, or a part of a unit ("a quarter of a minute" is 15 s). */
export function readFractionQuantities(text: string, fractions: readonly RegExpExecArray[], quantities: Quantity[], detail: ReadingDetail): void {
  // The fraction's words are its figure, not content words.
  for (const match of fractions) {
    const word = (match[1] ?? match[2] ?? match[3] ?? match[4])!.toLowerCase();
    // "a quarter of a minute", "half an hour": a fraction of a unit is a duration (15 s, 30 min).
    const ofUnit = /^\s+of\s+an?\s+(seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b/i.exec(text.slice(match.index + match[0].length));
    if (ofUnit) {
      const unit = UNITS[ofUnit[1]!.toLowerCase()]!;
      quantities.push({
        value: (FRACTIONS[word]! / 100) * unit.factor,
        dimension: unit.dimension,
        hasUnit: true,
        decimals: 0,
        scale: unit.factor / 4,
        key: detail.keyBefore(text, match.index),
        raw: match[0] + ofUnit[0],
        start: match.index,
        qualifier: detail.qualifier(text, match.index),
      });
      continue;
    }
    quantities.push({
      value: FRACTIONS[word]!,
      dimension: 'percent',
      hasUnit: true,
      decimals: 0,
      scale: 1,
      key: detail.keyAround(text, match.index, match.index + match[0].length),
      raw: match[0],
      start: match.index,
      qualifier: detail.qualifier(text, match.index) ?? 'approx',
    });
  }
}

/**
 * "six and a half minutes", "2 and a half hours", "three and a quarter hours": the whole number and its part, in the unit;
 * each replaces what was read at its start. True when any was read.
 */
export function readWholesAndParts(text: string, quantities: Quantity[], detail: ReadingDetail): boolean {
  let read = false;
  // The replacements are made in one pass at the end (no splice per match).
  const parts: Quantity[] = [];
  const partStarts = new Set<number>();
  for (const match of FRACTION_HINT.test(text) ? execAll(AND_A_PART_RE, text) : NO_MATCHES) {
    const number = /^\d+$/.test(match[1]!) ? Number(match[1]) : WORD_NUMBERS[match[1]!.toLowerCase()];
    const part = PART_AFTER_ONE.find(([pattern]) => pattern.test(match[2]!))?.[1] ?? 0.5;
    const unit = UNITS[match[3]!.toLowerCase()];
    if (number === undefined || !unit) continue;
    partStarts.add(match.index);
    parts.push({
      value: (number + part) * unit.factor,
      dimension: unit.dimension,
      hasUnit: true,
      decimals: part === 0.5 ? 1 : 2,
      scale: unit.factor,
      key: detail.keyBefore(text, match.index),
      raw: match[0],
      start: match.index,
      qualifier: detail.qualifier(text, match.index),
    });
    read = true;
  }
  if (parts.length > 0) replaceQuantities(quantities, (q) => partStarts.has(q.start), parts);
  return read;
}

/**
 * "one item in every 21", "1 in 30": a share of 1/N, as a percentage (21 is not a count of
 * anything); the figures as written are dropped. True when any was read.
 */
export function readShares(text: string, quantities: Quantity[], detail: ReadingDetail): boolean {
  let read = false;
  // Matches never overlap, so each start is looked up once: the first figure read there is dropped.
  const shares: Quantity[] = [];
  const dropped = new Set<Quantity>();
  let firstAt: Map<number, Quantity> | undefined;
  for (const match of IN_HINT.test(text) ? execAll(ONE_IN_RE, text) : NO_MATCHES) {
    const denominator = Number(match[1]!.replace(/,/g, ''));
    // "once in 2026", "one release in 2025": a year, not a share.
    if (!(denominator >= 2) || (/^(?:19|20)\d\d$/.test(match[1]!) && !/every/i.test(match[0]))) continue;
    const at = match.index + match[0].length - match[1]!.length;
    // The figures as written ("1", "21") are the share's parts, not counts of their own.
    firstAt ??= firstQuantityAt(quantities);
    for (const start of [match.index, at]) {
      const written = firstAt.get(start);
      if (written) dropped.add(written);
    }
    shares.push({
      value: 100 / denominator,
      dimension: 'percent',
      hasUnit: true,
      decimals: 6,
      scale: 1,
      key: detail.keyAround(text, match.index, match.index + match[0].length),
      raw: match[0],
      start: match.index,
      // A whole N stands for anything that rounds to it: 1 in 21 is 4.65%–4.88%.
      qualifier: 'approx',
    });
    read = true;
  }
  if (shares.length > 0) replaceQuantities(quantities, (q) => dropped.has(q), shares);
  return read;
}

/** "1 minute 33 seconds" is one duration of 93 s. */
export function mergeCompoundDurations(quantities: Quantity[], text: string): void {
  if (quantities.length < 2) return;
  // From the end: a merged duration may merge again with the one before it ("1 hour 2 minutes 3 seconds").
  // Built on a stack, not spliced in place, so many durations in one text cost linear time.
  const merged: Quantity[] = [quantities[quantities.length - 1]!];
  for (let i = quantities.length - 2; i >= 0; i--) {
    const a = quantities[i]!;
    const b = merged[merged.length - 1]!;
    const joins =
      a.dimension === 'duration' && b.dimension === 'duration' && a.hasUnit && b.hasUnit && b.scale < a.scale && /^\s*(?:and\s*)?$/.test(text.slice(a.start + a.raw.length, b.start));
    if (joins) merged[merged.length - 1] = { ...a, value: a.value + b.value, decimals: b.decimals, scale: b.scale, raw: text.slice(a.start, b.start + b.raw.length) };
    else merged.push(a);
  }
  if (merged.length === quantities.length) return;
  quantities.length = 0;
  for (let i = merged.length - 1; i >= 0; i--) quantities.push(merged[i]!);
}

/** Drops the quantities `drop` accepts and appends `added`, keeping the order of the rest. */
function replaceQuantities(quantities: Quantity[], drop: (quantity: Quantity) => boolean, added: readonly Quantity[]): void {
  const kept = quantities.filter((quantity) => !drop(quantity));
  quantities.length = 0;
  for (const quantity of kept) quantities.push(quantity);
  for (const quantity of added) quantities.push(quantity);
}

/** The first quantity read at each start offset. */
function firstQuantityAt(quantities: readonly Quantity[]): Map<number, Quantity> {
  const first = new Map<number, Quantity>();
  for (const quantity of quantities) if (!first.has(quantity.start)) first.set(quantity.start, quantity);
  return first;
}

/** The position of the last match starting before `offset` (matches in text order), or -1. */
function lastStartingBefore(matches: readonly RegExpExecArray[], offset: number): number {
  let low = 0;
  let high = matches.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (matches[mid]!.index! < offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
