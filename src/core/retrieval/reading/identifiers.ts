// Identifiers (hosts, metric names, paths, versions, ids) of a text, and the words and durations
// written inside them.
import type { ReadSpans } from './spans';
import type { Quantity } from './types';
import { CURRENCY_SIGNS, GLUED_MAGNITUDES, TENS_WORDS, UNITS, UNIT_WORDS, canonicalStem, isStopword } from './vocabulary';
import { identifierTokens } from './token-scan';

// Identifiers: alnum runs joined by . _ - / : (hosts, metric names, versions, ids), paths, and
// mixed letter+digit tokens (p99, 5xx, 3f2a9c1).
const IDENT_RE = /(?:\/[\w.-]+)+\/?|[\p{L}\p{N}]+(?:[._\-/:@&][\p{L}\p{N}]+)*/gu;

/**
 * The identifiers of a text whose dates and times are masked (lower-cased, in text order), and
 * the durations written inside them; each identifier read is masked for the number pass, except
 * a number glued to its unit ("512MB", "2.5s"), whose digits are read as a quantity too.
 */
export function readIdentifiers(spans: ReadSpans, inFraction: (index: number) => boolean): { identifiers: string[]; identifierDurations: Quantity[] } {
  const identifiers: string[] = [];
  const identifierDurations: Quantity[] = [];
  const identText = spans.blanked();
  const found = identifierTokens(IDENT_RE, identText);
  const ranges = unitRanges(identText);
  for (let k = 0; k < found.texts.length; k++) {
    const matched = found.texts[k]!;
    const at = found.starts[k]!;
    // ("thirty-seven", "twenty-four-hour": a number written in words, read by the word pass.)
    if (inFraction(at) || plainToken(matched) || NUMBER_WORDS_RE.test(matched)) continue;
    // "135-145 C", "1,200-1,500 uS/cm", "7.6-8.1%": a range of two numbers in a unit, read by the number pass.
    if (ranges.length > 0 && ranges.some(([from, to]) => at >= from && at < to)) continue;
    // "$1.47M", "€255k": an amount of money in millions or thousands, not an identifier.
    if (CURRENCY_SIGNS.includes(identText[at - 1] ?? '') && GLUED_MAGNITUDE_RE.test(matched)) continue;
    const reading = identifierReadingOf(matched);
    if (reading === undefined) continue;
    if (reading.identifier !== undefined) identifiers.push(reading.identifier);
    for (const duration of reading.durations) identifierDurations.push({ ...duration, key: duration.key.slice(), start: at + duration.start });
    if (reading.masked > 0) spans.mask(at, at + reading.masked);
  }
  return { identifiers, identifierDurations };
}

const NUMBER_WORDS_RE = new RegExp(`^(?:${TENS_WORDS.join('|')})-(?:${Object.keys(UNIT_WORDS).join('|')})(?:-\\p{L}+)?$`, 'iu');

/** Two numbers joined by a hyphen, then a unit the readers know, a percent or a degree sign. */
const UNIT_RANGE_RE = /(?<![\p{L}\p{N}_.,/:-])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?-(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?=(\s?(?:%|°|([\p{L}µ]{1,5})(?![\p{L}\p{N}]))))/gu;

/** Where the text writes a range in a unit ("135-145 C", "12-18 um"): spans, each [start, end). */
function unitRanges(text: string): Array<[number, number]> {
  if (!/\d-\d/.test(text)) return [];
  const out: Array<[number, number]> = [];
  for (const match of text.matchAll(UNIT_RANGE_RE)) {
    const word = match[2]?.toLowerCase();
    if (word !== undefined && UNITS[word] === undefined) continue;
    out.push([match.index, match.index + match[0].length]);
  }
  return out;
}

const GLUED_MAGNITUDE_RE = new RegExp(`^\\d+(?:\\.\\d+)?(?:${Object.keys(GLUED_MAGNITUDES).join('|')})$`, 'i');

/**
 * An ASCII token of letters only, or of digits only: never an identifier (it has no separator,
 * and does not mix letters and digits). Most tokens of a line are words; this test spares them
 * the look-up of a reading.
 */
function plainToken(token: string): boolean {
  let letters = false;
  let digits = false;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) letters = true;
    else if (code >= 0x30 && code <= 0x39) digits = true;
    else return false;
  }
  return !(letters && digits);
}

/** What a token matched by IDENT_RE reads as, wherever it stands; hosts and field names recur on every line of a log. */
interface IdentifierReading {
  /** Lower-cased, without a trailing '.' or ':'; none for a token that only looked like one (13m05s is a duration). */
  identifier: string | undefined;
  /** Durations written inside it, at offsets from its start. */
  durations: Quantity[];
  /** How many of its characters the number pass skips: all, the key of "total-vm:5.1GB", or none of "512MB". */
  masked: number;
}

const IDENTIFIER_READINGS = new Map<string, IdentifierReading | undefined>();

/** The reading of a token, or undefined when it is not an identifier (bounded cache). */
function identifierReadingOf(raw: string): IdentifierReading | undefined {
  let reading = IDENTIFIER_READINGS.get(raw);
  if (reading === undefined && !IDENTIFIER_READINGS.has(raw)) {
    if (IDENTIFIER_READINGS.size > 50_000) IDENTIFIER_READINGS.clear();
    IDENTIFIER_READINGS.set(raw, (reading = readIdentifier(raw)));
  }
  return reading;
}

function readIdentifier(raw: string): IdentifierReading | undefined {
  // A single token is an identifier only when it mixes letters and digits (p99, 5xx, 3f2a9c1);
  // an ordinal ("27th") is a day or a rank, not an id.
  if (!/[._\-/:@&]/.test(raw) && !(/\d/.test(raw) && /\p{L}/u.test(raw))) return undefined;
  if (/^\d+(?:st|nd|rd|th)$/i.test(raw)) return undefined;
  // "i.e.", "e.g.", "a.m.": abbreviations of single letters are wording, not identifiers.
  if (/^\p{L}(?:\.\p{L})+\.?$/u.test(raw)) return undefined;
  // A plain decimal (3.5) or a thousands-grouped number is a number, not an identifier.
  if (/^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^[-+]?\d+(?:\.\d+)?$/.test(raw)) return undefined;
  // "61/200": two numbers (a used-of-total pair), not a path.
  if (/^\d+(?:\.\d+)?\/\d+(?:\.\d+)?$/.test(raw)) return undefined;
  // "41.50/MWh", "0.04/h": a number per unit (a price or a rate), not a path.
  if (/^\d+(?:\.\d+)?\/\p{L}+$/u.test(raw)) return undefined;
  // "5-second", "16-year-old": a number with its unit, not an identifier.
  if (/^\d+(?:\.\d+)?-\p{L}/u.test(raw) && /^\p{L}+(?:-\p{L}+)*$/u.test(raw.replace(/^[\d.]+-/, ''))) return undefined;
  // "req/s", "and/or": a slash between two plain words is wording, not a path.
  if (/^[\p{L}]+\/[\p{L}]+$/u.test(raw) && !raw.startsWith('/')) return undefined;
  // "m³", "m³/t", "g/m²": a unit written with its power, not an identifier (the ASCII "m3" may be one: the M3).
  if (/^(?:\p{L}{1,3}\/)?\p{L}{1,2}[²³](?:\/\p{L}{1,6})?$/u.test(raw)) return undefined;
  // "1850/s", "30/min": a rate, read as a number with its unit.
  if (/^\d+(?:\.\d+)?\/(?:s|sec|second)$/i.test(raw)) return undefined;
  // "13m05s", "1h58m", "2h05m": a duration written compactly, not an identifier.
  const compact = COMPACT_DURATION_RE.exec(raw);
  if (compact) {
    const [hours, minutes, seconds] = [compact[1], compact[2], compact[3]].map((part) => Number(part ?? 0));
    const value = hours! * 3600 + minutes! * 60 + seconds!;
    return { identifier: undefined, durations: [{ value, dimension: 'duration', hasUnit: true, decimals: 0, scale: compact[3] ? 1 : 60, key: [], raw, start: 0 }], masked: raw.length };
  }
  // "total-vm:5.1GB" is a key and its value, not one identifier: the number is read as a field.
  const keyed = /^(\p{L}[\p{L}_-]*):(\d+(?:\.\d+)?[\p{L}%]*)$/u.exec(raw);
  if (keyed) return { identifier: keyed[1]!.toLowerCase(), durations: [], masked: keyed[1]!.length + 1 };
  // Keep the digits of a unit-suffixed number like "512MB", "500G" or "2.5s" as a quantity too.
  const suffix = /^\d+(?:\.\d+)?([a-z%]+)(?:\/s)?$/i.exec(raw)?.[1]?.toLowerCase();
  // "41.8A", "12.6V": a decimal reading glued to a unit letter the table does not know is still a reading.
  const reading = (suffix && UNITS[suffix]) || /^\d+\.\d+[a-z]{1,2}$/i.test(raw);
  // (A reading is left to the number pass, which reads "600h" itself: not a second time here.)
  return { identifier: raw.toLowerCase().replace(/[.:]+$/, ''), durations: reading ? [] : durationsInIdentifier(raw, 0), masked: reading ? 0 : raw.length };
}

/** Hours, minutes and seconds glued together, at least two of them: 13m05s, 1h58m, 2h05m30s. */
const COMPACT_DURATION_RE = /^(?=\d+[hm]\d)(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/i;

/** Durations written inside an identifier: `pod_restarts_30m` measures over 30 minutes. */
function durationsInIdentifier(raw: string, start: number): Quantity[] {
  const out: Quantity[] = [];
  // Both patterns below need a digit; the first a digit before its unit letter, the second "pct" or "percent".
  if (!/\d/.test(raw)) return out;
  if (DIGIT_BEFORE_UNIT_LETTER.test(raw)) for (const part of raw.matchAll(/(?<=^|[_.-])(\d+)(ms|s|m|min|h|d)(?=$|[_.-])/gi)) {
    const suffix = part[2]!.toLowerCase();
    const unit = UNITS[suffix === 'm' ? 'min' : suffix === 'd' ? 'day' : suffix]!;
    const key = splitIdentifierWords(raw.replace(part[0], ' '));
    out.push({ value: Number(part[1]) * unit.factor, dimension: unit.dimension, hasUnit: true, decimals: 0, scale: unit.factor, key, raw: part[0], start: start + part.index });
  }
  // A threshold in a rule name: `standard_daily_churn_above_0.3pct`, `error_rate_gt_5pct`.
  if (PCT_HINT.test(raw)) for (const part of raw.matchAll(/(?<=^|[_-])(\d+(?:\.\d+)?)(?:pct|percent)(?=$|[_.-])/gi)) {
    const digits = part[1]!;
    const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
    const key = splitIdentifierWords(raw.replace(part[0], ' '));
    out.push({ value: Number(digits), dimension: 'percent', hasUnit: true, decimals, scale: 1, key, raw: part[0], start: start + part.index });
  }
  return out;
}

/** Implied by the duration pattern of durationsInIdentifier (a digit, then its unit's first letter). */
const DIGIT_BEFORE_UNIT_LETTER = /\d[msdh]/i;
/** Implied by the threshold pattern of durationsInIdentifier. */
const PCT_HINT = /pct|percent/i;

/** `cpu_pct` → [cpu, percent]; `db-prod-1` → [databas, prod]. Digit-only parts are dropped. */
export function splitIdentifierWords(identifier: string): string[] {
  // A copy: callers extend the lists they get (a quantity's key).
  return identifierWordsOf(identifier).slice();
}

/** The same words, shared: for a caller that only reads them. */
export function identifierWordsOf(identifier: string): readonly string[] {
  let parts = IDENTIFIER_WORDS.get(identifier);
  if (parts === undefined) {
    parts = identifierWords(identifier);
    // Logs repeat the same field names and hosts: a bounded cache saves most of the splitting.
    if (IDENTIFIER_WORDS.size > 50_000) IDENTIFIER_WORDS.clear();
    IDENTIFIER_WORDS.set(identifier, parts);
  }
  return parts;
}

const IDENTIFIER_WORDS = new Map<string, string[]>();

function identifierWords(identifier: string): string[] {
  const out: string[] = [];
  for (const part of identifier.split(/[^\p{L}\p{N}]+/u)) {
    if (part.length < 2 || /^\d+$/.test(part) || isStopword(part)) continue;
    out.push(canonicalStem(part.replace(/\d+$/, '') || part));
  }
  return out;
}

