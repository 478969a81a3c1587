// What a text says around a figure: the words naming what it measures, the field it is the value
// of, and how it is meant (about, at least, at most, a change); and the key=value fields of a text.
import { splitIdentifierWords } from './identifiers';
import { STOPWORDS, UNITS, WORD_RE, canonicalStem } from './vocabulary';
import type { Quantity } from './types';

// key=value. The whole run of key characters before the '=' is taken at once (a lookahead with a
// back-reference cannot backtrack), and only where a run starts: a 20,000-character token is read
// once, not once per character. The key starts at the run's first letter or underscore.
const FIELD_RE = /(?<![\w.-])(?=([\w.-]+))\1=("[^"]*"|'[^']*'|[^\s,;]+)/g;
const KEY_START_RE = /[A-Za-z_]/;

/** The key=value fields written in a text (lower-cased keys), in one linear pass. */
export function fieldsIn(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  // Prose mostly has no '=' at all.
  if (!text.includes('=')) return fields;
  FIELD_RE.lastIndex = 0;
  for (let match = FIELD_RE.exec(text); match; match = FIELD_RE.exec(text)) {
    const run = match[1]!;
    const keyStart = run.search(KEY_START_RE);
    if (keyStart < 0) {
      // No letter in the run ("404=…"): no key here, but a key may start inside the value.
      FIELD_RE.lastIndex = match.index + run.length + 1;
      continue;
    }
    fields[run.slice(keyStart).toLowerCase()] = stripQuotes(match[2]!);
  }
  return fields;
}

function stripQuotes(value: string): string {
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  if (first !== 0x22 && first !== 0x27 && last !== 0x22 && last !== 0x27) return value;
  return value.replace(/^["']|["']$/g, '');
}

const QUALIFIERS: Array<[RegExp, NonNullable<Quantity['qualifier']>]> = [
  [/\b(?:about|around|approximately|approx\.?|roughly|nearly|almost|some|close to|just over|just under|an estimated|estimated)\s*[$€£]?$/i, 'approx'],
  [/(?:~|≈)\s*[$€£]?$/, 'approx'],
  [/\b(?:more than|over|above|at least|exceeding|greater than|upwards of|in excess of)\s*[$€£]?$/i, 'lower'],
  [/(?:>|>=|≥)\s*[$€£]?$/, 'lower'],
  // "fired once the queue passed 1,000 messages", "after CPU crossed 90%": a threshold crossed, so the value reached at least it.
  [/\b(?:passed|crossed|exceeded|surpassed|topped|went (?:above|over|past)|rose (?:above|over|past)|climbed (?:above|over|past))\s*[$€£]?$/i, 'lower'],
  [/\b(?:less than|fewer than|under|below|at most|up to|no more than|within)\s*[$€£]?$/i, 'upper'],
  // "as many as 50 jobs failed", "can name as many as 50 people": the count reaches 50.
  [/\b(?:as many as|as much as|as long as|as high as)\s*[$€£]?$/i, 'lower'],
  [/(?:<|<=|≤)\s*[$€£]?$/, 'upper'],
  [/\bby\s*[$€£]?$/i, 'delta'],
];

// "events of 10 minutes or more", "500 ms or less": a bound written after the figure and its unit.
const AFTER_QUALIFIERS: Array<[RegExp, NonNullable<Quantity['qualifier']>]> = [
  [/^\s*(?:or|and)\s+(?:more|longer|above|higher|over|greater|upwards?)\b/i, 'lower'],
  [/^\s*(?:or|and)\s+(?:less|fewer|below|under|lower|shorter)\b/i, 'upper'],
  // "a 53% reduction", "12% fewer calls", "30% higher than March": a percentage naming a change, not a share.
  [/^\s*(?:reduction|decrease|decline|drop|fall|cut|saving|increase|rise|jump|gain|growth|uplift|fewer|less|lower|smaller|more|higher|larger|bigger)\b/i, 'delta'],
];

/**
 * A denied comparison is the opposite bound: "never goes above 15 minutes" and "no more than"
 * are at most; "does not exceed" is at most; "never drops below 200" is at least. "never"/"not"
 * may have a verb between; "no" must stand right before the comparison ("No host had more than
 * 90%" is an absence bounded by a figure, not a bound).
 */
const DENIAL = String.raw`(?:(?:never|not|cannot|can't|won't)\s+(?:\p{L}+\s+){0,2}?|no\s+)`;
const ABOVE = 'more than|over|above|exceed(?:s|ed|ing)?|greater than|higher than|larger than|longer than|bigger than';
const BELOW = 'less than|fewer than|under|below|lower than|shorter than|smaller than';
/** A denied "above" ending the text, right before its figure: the figure is an upper bound. */
export const NEGATED_UPPER_RE = new RegExp(String.raw`\b${DENIAL}(?:${ABOVE})\s*[$€£]?$`, 'iu');
/** A denied "below" ending the text, right before its figure: the figure is a lower bound. */
export const NEGATED_LOWER_RE = new RegExp(String.raw`\b${DENIAL}(?:${BELOW})\s*[$€£]?$`, 'iu');
/** A denied comparison opening the text and followed by a figure: a bound, not a denied event. */
export const DENIED_COMPARISON_RE = new RegExp(String.raw`^${DENIAL}(?:${ABOVE}|${BELOW})\s*[$€£]?\d`, 'iu');

/**
 * How the figure at `index` is meant (about, at least, at most, a change): from the words right
 * before it, else (given `end`) a bound written after it and its unit ("10 minutes or more").
 */
export function figureQualifier(text: string, index: number, end?: number): Quantity['qualifier'] {
  const wide = text.slice(Math.max(0, index - 40), index);
  if (NEGATED_UPPER_RE.test(wide)) return 'upper';
  if (NEGATED_LOWER_RE.test(wide)) return 'lower';
  const before = text.slice(Math.max(0, index - 24), index);
  for (const [pattern, qualifier] of QUALIFIERS) if (pattern.test(before)) return qualifier;
  if (end === undefined) return undefined;
  const after = text.slice(end, end + 16);
  for (const [pattern, qualifier] of AFTER_QUALIFIERS) if (pattern.test(after)) return qualifier;
  return undefined;
}

/**
 * The key right before a value within the 48 characters before it (`cpu_pct=`, `host: "`), read
 * backwards from the value: what /([A-Za-z_][\w.-]*)\s*[=:]\s*"?$/ finds in that window, without
 * trying the pattern at every position of it.
 */
export function fieldKeyBefore(text: string, index: number): string | undefined {
  const from = Math.max(0, index - 48);
  let at = index;
  if (at > from && text.charCodeAt(at - 1) === 0x22) at--;
  while (at > from && isSpace(text, at - 1)) at--;
  if (at <= from || (text[at - 1] !== '=' && text[at - 1] !== ':')) return undefined;
  at--;
  while (at > from && isSpace(text, at - 1)) at--;
  const end = at;
  while (at > from && isKeyChar(text.charCodeAt(at - 1))) at--;
  for (let start = at; start < end; start++) if (isKeyStart(text.charCodeAt(start))) return text.slice(start, end).toLowerCase();
  return undefined;
}

const SPACE_RE = /\s/;

/** /\s/ on one character, without running a pattern for ASCII. */
function isSpace(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return SPACE_RE.test(text[at]!);
}

/** /[\w.-]/: ASCII letters, digits, '_', '.', '-'. */
function isKeyChar(code: number): boolean {
  return isKeyStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x2d;
}

/** /[A-Za-z_]/. */
function isKeyStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/**
 * The key of a field's value: its name, and in prose ("Migrated: 4,450 messages moved") also the
 * words that follow the number, which say what it counts.
 */
export function fieldKeyWords(text: string, fieldKey: string, start: number, end: number): string[] {
  const key = splitIdentifierWords(fieldKey);
  const prose = /^[A-Z]?[a-z]+:\s$/.test(text.slice(Math.max(0, start - fieldKey.length - 2), start)) && /^\s+\p{L}{3,}/u.test(text.slice(end));
  return prose ? [...key, ...keyWordsAround(text, end, end, 0, 2)] : key;
}

export function keyWordsBefore(text: string, index: number): string[] {
  return keyWordsAround(text, index, index);
}

/**
 * The content words around a number in prose: what it measures ("CPU usage reached 97%",
 * "611 active connections") — three before it and two after, within the clause.
 */
export function keyWordsAround(text: string, start: number, end: number, before = 3, after = 2): string[] {
  const key: string[] = [];
  // Every figure, time and date the judge reads comes through here: plain loops, no closures.
  if (before > 0) {
    // The words since the clause began: after the last ',', ';' or '(' in the 60 characters before.
    const window = text.slice(Math.max(0, start - 60), start);
    const clause = window.slice(Math.max(window.lastIndexOf(','), window.lastIndexOf(';'), window.lastIndexOf('(')) + 1);
    const words = plainWords(clause).filter(isKeyWord);
    for (let i = Math.max(0, words.length - before); i < words.length; i++) key.push(canonicalStem(words[i]!));
  }
  if (after > 0) {
    // The words up to the clause's end: the first ',', ';', '.' or ')' in the 40 characters after
    // (a '.' inside a token, "p.nair", "v2.1", ends nothing).
    const window = text.slice(end, end + 40);
    let stop = window.length;
    for (let i = 0; i < window.length; i++) {
      const code = window.charCodeAt(i);
      if (code === 0x2c || code === 0x3b || code === 0x29 || (code === 0x2e && !insideToken(window, i))) {
        stop = i;
        break;
      }
    }
    const words = plainWords(window.slice(0, stop));
    for (let i = 0, taken = 0; i < words.length && taken < after; i++) {
      if (!isKeyWord(words[i]!)) continue;
      key.push(canonicalStem(words[i]!));
      taken++;
    }
  }
  return key;
}

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isLetter = (code: number): boolean => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/**
 * A '.' inside a token, no clause's end: before a letter or digit (p.nair, v2.1, No.1) — but for a
 * dotted key of words (log.retention.hours), which names a field and is read as the clause's end.
 */
function insideToken(text: string, at: number): boolean {
  const [before, after, earlier] = [text.charCodeAt(at - 1), text.charCodeAt(at + 1), text.charCodeAt(at - 2)];
  // (After a bracket, "config_changes[0].key", it separates a path's parts.)
  if ((!isLetter(after) && !isDigit(after) && !(after > 0x7f)) || (!isLetter(before) && !isDigit(before))) return false;
  return !(isLetter(before) && isLetter(earlier) && isLetter(after));
}

/** Identifiers (hosts, ids) say whose value it is, not what is measured: they are left out. */
const IDENTIFIER_IN_WINDOW_RE = /[\p{L}\p{N}]+(?:[-_.:/][\p{L}\p{N}]+)+/gu;

function plainWords(window: string): string[] {
  return window.replace(IDENTIFIER_IN_WINDOW_RE, ' ').match(WORD_RE) ?? [];
}

function isKeyWord(word: string): boolean {
  const lower = word.toLowerCase();
  return !STOPWORDS.has(lower) && word.length > 1 && !UNITS[lower];
}
