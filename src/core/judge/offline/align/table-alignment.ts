// Aligning a claim with a table of the evidence: which values of which columns it names ("at
// Leeds", "driver shortage", "Year 11", "in Q1"), the rows those names select, the measure it is
// about (the column its figure sits in, else the column its words name), and the groups of rows
// to compare apart (a claim about Q1 and Q4 rows that it does not tell apart is checked in each).
import { canonicalStem, type Dimension } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { numericValue, profileOf, tablesOf, type Table, type TableProfile, type TableRow } from '../records/tables';
import type { ClaimVerdict } from '../claim-view';
import { datesOfWeekdays, periodHolds, periodKey, periodLabels, periodRange, periodsNamed, samePeriod } from '../records/periods';
import { escapePhrase } from '../vocabulary/index';
import { columnNamedBy, columnWords, unitFits } from './column-names';

export { columnNamedBy, columnWords } from './column-names';

/** The numbers of a text that number a period ("38" of "week 38", "36" and "39" of "weeks 36 to 39"): labels, not figures. */
export function periodNumbers(text: string): Set<string> {
  return new Set(periodLabels(text).flatMap((label) => label.numbers.map(String)));
}

/** Lower-case tokens of a text, each also by its stem. */
export function tokensOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!token) continue;
    out.add(token);
    out.add(canonicalStem(token));
  }
  // "week 38" names the period records write as a code (2024-W38).
  for (const label of periodLabels(text)) for (const n of label.numbers) out.add(`${label.letter}${n}`);
  // "non-routine" is the nonroutine of a column's name.
  for (const m of text.toLowerCase().matchAll(/(?<![\p{L}\p{N}])(\p{L}{2,})-(\p{L}{3,})(?![\p{L}\p{N}])/gu)) {
    out.add(`${m[1]}${m[2]}`);
    out.add(canonicalStem(`${m[1]}${m[2]}`));
  }
  // A name written in two capitalised words may be glued in a value ("St Paul" for B2-StPaul).
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}*)\s+(?=(\p{Lu}\p{Ll}+)(?![\p{L}\p{N}]))/gu)) out.add(`${m[1]}${m[2]}`.toLowerCase());
  return out;
}

/**
 * Whether the claim names a value (or a column name): every word of it (driver_shortage →
 * driver, shortage); a number only when written apart (Year 11), not as a code's suffix
 * (LEEDS-01); a period code by its part after the year (2026Q1 → Q1), and a year left out when
 * the claim gives none (q1_2026 for "in Q1"); a short code before a name (B1-Duluth) by the name.
 */
export function namesValue(claim: Set<string>, value: string): boolean {
  const code = /^\p{L}+[-_]\d+$/u.test(value);
  const tokens = value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!tokens.some((token) => /\p{L}/u.test(token))) return false;
  const claimHasYear = [...claim].some((token) => /^(?:19|20)\d\d$/.test(token));
  const coded = codedName(value);
  return tokens.every((token, at) => {
    if (coded && at === 0) return true;
    if (/^\d+$/.test(token)) return code || claim.has(token) || (!claimHasYear && /^(?:19|20)\d\d$/.test(token) && tokens.length > 1);
    if (claim.has(token) || claim.has(canonicalStem(token))) return true;
    const afterYear = /^(?:19|20)\d\d(\p{L}+\d*)$/u.exec(token)?.[1];
    return afterYear !== undefined && claim.has(afterYear);
  });
}

/** A product's or a site's name and then its number: "Iopamix 370", "Gadovue 1.0", "Harbour 2". */
const NAME_AND_NUMBER_RE = /^\p{L}{3,}(?:[\s-]\p{L}{3,})*\s+\d+(?:\.\d+)*$/u;

/**
 * "Iopamix" names "Iopamix 370" when no other value of the column shares the name's words: the
 * number tells a product's strengths or a site's units apart, and here there is nothing to tell apart.
 */
function namedByName(claim: Set<string>, value: string, byToken: ReadonlyMap<string, readonly string[]>): boolean {
  if (!NAME_AND_NUMBER_RE.test(value)) return false;
  const words = value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((token) => /\p{L}/u.test(token));
  if (!words.every((word) => claim.has(word) || claim.has(canonicalStem(word)))) return false;
  return words.every((word) => (byToken.get(word) ?? []).every((other) => other === value));
}

/** A short code before a name ("B1-Duluth", "P05_Harbour"): the value is named by the name alone. */
function codedName(value: string): boolean {
  return /^\p{L}{1,3}\d{1,3}[-_]\p{L}{3,}/u.test(value);
}

/** Where in the claim a value is named: the first of its word tokens found, for telling "A … than B" apart. */
export function namedAt(text: string, value: string): number {
  const lower = text.toLowerCase();
  // A value written out whole (WTG-07, F-A) is named where it is written, not where a word it shares with others is.
  if (/[\d_.-]/.test(value) && writtenOut(lower, value)) return lower.indexOf(value.toLowerCase());
  let best = Number.POSITIVE_INFINITY;
  // A period written as a date (2026-02) is named by its name ("February").
  const period = periodKey(value);
  if (period) {
    for (const match of lower.matchAll(/\p{L}[\p{L}\p{N}]*/gu)) {
      const named = periodKey(match[0]);
      if (named && samePeriod(named, period)) return match.index;
    }
  }
  for (const token of value.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!/\p{L}/u.test(token)) continue;
    const stem = canonicalStem(token);
    const match = new RegExp(`(?<![\\p{L}\\p{N}])(?:${token}|${stem})`, 'iu').exec(lower) ?? new RegExp(`(?<![\\p{L}\\p{N}])${token.replace(/^(?:19|20)\d\d/, '')}`, 'iu').exec(lower);
    if (match) best = Math.min(best, match.index);
  }
  // A name glued in the value ("StPaul") is written apart in the claim ("St Paul").
  for (const glued of value.match(/\p{Lu}\p{Ll}*\p{Lu}\p{Ll}+/gu) ?? []) {
    const apart = glued.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase();
    const at = lower.indexOf(apart);
    if (at >= 0) best = Math.min(best, at);
  }
  return best;
}

export function isText(value: string | undefined): value is string {
  return value !== undefined && value !== '' && numericValue(value) === undefined;
}

/** The columns of a table that hold words (depot, reason) rather than figures. */
export function textColumns(table: Table): string[] {
  const words = tableProfile(table).textColumns;
  return table.columns.filter((column) => words.has(column));
}

/**
 * The keys a word value is found by: the one of its tokens that must be in a claim naming it and
 * that the fewest of the column's values share (119 of db-prod-119, not db), as written, by its
 * stem and, for a period code, by its part after the year (2026q1 → q1). A value with no such
 * token is found by every word token it has.
 */
function valueTokens(value: string, frequency: (token: string) => number): string[] {
  const tokens = value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const code = /^\p{L}+[-_]\d+$/u.test(value);
  // Digits a claim must write (not a code's suffix, not a year it may leave out).
  const coded = codedName(value);
  const required = tokens.filter((token, at) => !(coded && at === 0) && (/\p{L}/u.test(token) || (!code && /^\d+$/.test(token) && !/^(?:19|20)\d\d$/.test(token))));
  // A name and its number ("Iopamix 370", "Gadovue 1.0") is found by the name: the number may go unsaid (namedByName).
  const pool = NAME_AND_NUMBER_RE.test(value) ? required.filter((token) => /\p{L}/u.test(token)) : required;
  const anchor = pool.length > 0 ? pool.reduce((a, b) => (frequency(b) < frequency(a) ? b : a)) : undefined;
  const keys = (token: string): string[] => {
    if (!/\p{L}/u.test(token)) return [token];
    const afterYear = /^(?:19|20)\d\d(\p{L}+\d*)$/u.exec(token)?.[1];
    return afterYear ? [token, canonicalStem(token), afterYear] : [token, canonicalStem(token)];
  };
  return anchor !== undefined ? keys(anchor) : tokens.filter((token) => /\p{L}/u.test(token)).flatMap(keys);
}

/** The table's profile, its word values found by their tokens. */
export function tableProfile(table: Table): TableProfile {
  return profileOf(table, valueTokens);
}

/**
 * The values the claim names, per column: word values by their words, numbered values
 * (year_group=11) as "Year 11". Only columns with two values or more say which row is meant.
 * Values are looked up by the claim's own tokens, so a claim costs what it names, not the table's size.
 */
export function namedValues(view: ClaimView, table: Table, claim: Set<string>): Map<string, string[]> {
  const named = new Map<string, string[]>();
  const lowerClaim = view.claim.text.toLowerCase();
  const { distinct, textColumns: words, valuesByToken, rowsByValue, positions } = tableProfile(table);
  // A period written as a date (period=2026-03) is named by its name ("in March"); a numbered
  // entity (year_group=11, route=27) by the column's word and the number ("Year 11").
  const periods = claimPeriods(claim);
  const numbered = labelsAfterWords(view.claim.text, NUMBERED_RE);
  const lettered = labelsAfterWords(view.claim.text, LETTERED_RE);
  for (const column of table.columns) {
    const values = distinct.get(column)!;
    if (values.length < 2) continue;
    const candidates = new Set<string>();
    const initialled = new Set<string>();
    if (words.has(column)) {
      for (const token of claim) for (const value of valuesByToken.get(column)!.get(token) ?? []) candidates.add(value);
      if (periods.length > 0) for (const value of values) if (periodKey(value) !== undefined) candidates.add(value);
    }
    // "The 11:00 slot": a value that is a clock time (slot=11:00), written out whole by the claim.
    if (view.features.times.length > 0 && CLOCK_VALUE_RE.test(values[0] ?? '')) for (const value of values) if (CLOCK_VALUE_RE.test(value) && writtenOut(lowerClaim, value)) candidates.add(value);
    const present = rowsByValue.get(column)!;
    for (const part of columnWords(column)) {
      // Only a word of letters names a kind of thing ("year" of year_group); a field name may hold anything (`"eu-west"`, `p95(ms)`).
      if (!/^\p{L}{3,}$/u.test(part)) continue;
      // "Rink A" names rink=A: the column's word and a capital letter, the value itself.
      for (const letter of lettered.get(part.toLowerCase()) ?? []) if (present.has(letter)) candidates.add(letter);
      for (const digits of [...(numbered.get(part.toLowerCase()) ?? []), ...(numbered.get(`${part.toLowerCase()}s`) ?? [])]) {
        // "0*" before the value: "route 007" names route=7, "route 7" does not name route=07.
        for (let cut = 0; cut < digits.length; cut++) {
          if (cut > 0 && digits[cut - 1] !== '0') break;
          const value = digits.slice(cut);
          if (/^\d{1,4}$/.test(value) && present.has(value)) candidates.add(value);
          // "Line 2" names line=L2: the column's word by its initial, then the number.
          const coded = `${part[0]!.toUpperCase()}${value}`;
          if (/^\d{1,4}$/.test(value) && present.has(coded)) (candidates.add(coded), initialled.add(coded));
        }
      }
    }
    // "BRB 4-118": a code of digits in parts (room=4-118), no period, written out whole by the claim.
    for (const value of values) if (namedCode(lowerClaim, value)) candidates.add(value);
    // "in 2023": a year the claim writes names that value of a year column.
    if (columnWords(column).some((part) => /^(?:year|yr)s?$/i.test(part))) for (const token of claim) if (/^(?:19|20)\d\d$/.test(token) && present.has(token)) candidates.add(token);
    // The candidates in the column's order (as a filter of all its values would give them), so a
    // claim costs what it names, not the column's size.
    const places = positions.get(column)!;
    const ordered = [...candidates].filter((value) => value !== '' && places.has(value)).sort((a, b) => places.get(a)! - places.get(b)!);
    const hits = ordered.filter((value) => {
      if (/^\d{1,4}$/.test(value) || CLOCK_VALUE_RE.test(value) || initialled.has(value) || namedCode(lowerClaim, value)) return true;
      if (!words.has(column) || !isText(value)) return false;
      // A one-letter value (shift=A) is not named by the article or the pronoun ("a little over").
      if (/^\p{L}$/u.test(value)) return letterNamed(view.claim.text, value, column);
      if (namesValue(claim, value) || namedByName(claim, value, valuesByToken.get(column)!) || namedByCode(lowerClaim, value)) return true;
      const key = periods.length > 0 ? periodKey(value) : undefined;
      // (A day, session_date=2024-08-13, is named by the quarter or half that holds it, and so is a
      // month, month=2024-08, of the one period a claim names: two periods named are compared by
      // their own rows. A month's name is as often a date's ("1 July 2024").)
      if (key === undefined) return false;
      const heldByQuarter = key.kind === 'day' || (key.kind === 'month' && periods.length === 1);
      return periods.some((named) => samePeriod(named, key) || (heldByQuarter && (named.kind === 'quarter' || named.kind === 'half') && periodHolds(named, key)));
    });
    // Codes alike but for their number (WTG-03, WTG-07, WTG-11): those the claim writes out are the ones it names.
    const written = hits.length > 1 ? hits.filter((value) => /\d/.test(value) && writtenOut(lowerClaim, value)) : [];
    const kept = written.length > 0 && written.length < hits.length ? written : hits;
    // "the May–October season": the two ends of a range name the periods between them too.
    const range = periods.length > 0 ? periodRange(view.claim.text, kept, values, (value) => namedAt(view.claim.text, value)) : undefined;
    if (range) named.set(column, range);
    else if (kept.length > 0) named.set(column, byPlaceNamed(view.claim.text, kept));
    else {
      // "Monday's break notional": a weekday names the one date of the column that falls on it.
      const days = datesOfWeekdays(claim, values);
      if (days.length > 0) named.set(column, days);
    }
  }
  return named;
}

const CLOCK_VALUE_RE = /^\d{1,2}:\d{2}$/;

/**
 * Whether the claim names a one-letter value (shift=A, zone=B): the capital letter on its own,
 * and for a letter that is also a word ("A", "I") beside the column's word ("shift A", "A shift")
 * or in brackets ("the morning (A) shift").
 */
function letterNamed(text: string, value: string, column: string): boolean {
  const letter = escapePhrase(value.toUpperCase());
  if (!new RegExp(`(?<![\\p{L}\\p{N}])${letter}(?![\\p{L}\\p{N}])`, 'u').test(text)) return false;
  if (!/^[AI]$/i.test(value)) return true;
  // The column's words, either case at their start ("Shift A", "shift A"); the letter in capitals.
  const words = columnWords(column.toLowerCase())
    .filter((part) => /^\p{L}{2,}$/u.test(part))
    .map((part) => `[${part[0]!.toUpperCase()}${part[0]!}]${escapePhrase(part.slice(1))}`);
  const beside = words.length > 0 ? `|(?<![\\p{L}])(?:${words.join('|')})s?\\s+${letter}(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])${letter}\\s+(?:${words.join('|')})(?![\\p{L}])` : '';
  return new RegExp(`\\(${letter}\\)${beside}`, 'u').test(text);
}

/** A code before a description ("SYR-3 syringe pump", "P-14 press"): the value is named by its code written out. */
function namedByCode(lowerClaim: string, value: string): boolean {
  const code = /^(\p{L}{1,6}-?\d{1,4}\p{L}?)\s+\p{L}{3,}/u.exec(value)?.[1];
  return code !== undefined && writtenOut(lowerClaim, code);
}

const DIGIT_CODE_RE = /^\d{1,4}(?:[-/]\d{1,4}){1,2}$/;
/** A code of digits in parts (room 4-118), no period (2024-07 is a month), written out whole: a name, not a figure. */
const namedCode = (lowerClaim: string, value: string): boolean => DIGIT_CODE_RE.test(value) && periodKey(value) === undefined && writtenOut(lowerClaim, value);

/** Whether the claim writes a value out whole, as a word of its own (wtg-07, not wtg-070). */
function writtenOut(lowerClaim: string, value: string): boolean {
  const at = lowerClaim.indexOf(value.toLowerCase());
  if (at < 0) return false;
  const after = lowerClaim[at + value.length] ?? ' ';
  const before = at > 0 ? lowerClaim[at - 1]! : ' ';
  return !/[\p{L}\p{N}]/u.test(after) && !/[\p{L}\p{N}]/u.test(before);
}

/**
 * Values in the order the claim names them (namedAt, worked out once per value; a stable sort,
 * so values named at the same place keep their order).
 */
function byPlaceNamed(text: string, values: string[]): string[] {
  if (values.length < 2) return values;
  const at = new Map(values.map((value) => [value, namedAt(text, value)]));
  return values.sort((a, b) => at.get(a)! - at.get(b)!);
}

/** The periods a claim's tokens name, once per token set (a claim's tokens are made once and only read). */
const CLAIM_PERIODS = new WeakMap<ReadonlySet<string>, ReturnType<typeof periodsNamed>>();

function claimPeriods(claim: ReadonlySet<string>): ReturnType<typeof periodsNamed> {
  let periods = CLAIM_PERIODS.get(claim);
  if (periods === undefined) CLAIM_PERIODS.set(claim, (periods = periodsNamed(claim)));
  return periods;
}

/** "Year 11", "route no. 7", "gate #3" (a full stop after the number ends the sentence; "7.5" is no number of a label): the word before each number (lower case, as written) → the numbers, as written. */
/** Each word and the labels written after it ("route 27", "Rink A"), by the word in lower case. */
function labelsAfterWords(text: string, pattern: RegExp): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const match of text.matchAll(pattern)) {
    const word = match[1]!.toLowerCase();
    out.set(word, [...(out.get(word) ?? []), match[2]!]);
  }
  return out;
}

/** "route 27", "bay no. 4", "line #2": a word and a number. */
const NUMBERED_RE = /(?<![\p{L}\p{N}_])(\p{L}+)\s+(?:no\.?\s*|#\s*)?(\d+)(?!\d|\.\d)/gu;
/** "Rink A", "Shift B": a word and a capital letter standing alone. */
const LETTERED_RE = /(?<![\p{L}\p{N}_])(\p{L}{3,})\s+([A-Z])(?![\p{L}\p{N}_'’-])/gu;

/**
 * The measure the claim is about: the numeric column its figure is a value of (first among the
 * rows it names, then among all rows, for a figure put on the wrong row), else the one column
 * whose name shares a word with the claim.
 */
export function measureColumn(view: ClaimView, table: Table, rows: readonly TableRow[], mine: readonly TableRow[], claim: Set<string>, exclude: ReadonlySet<string>, labels: ReadonlySet<string> = new Set()): string | undefined {
  const numeric = numericColumns(table, rows, exclude);
  const figures = claimFigures(view, labels);
  const holds = (row: TableRow, c: string): boolean => {
    const value = numericValue(row.values.get(c) ?? '');
    return value !== undefined && figures.some((f) => Math.abs(value - f.number) <= 0.5 * 10 ** -f.decimals + 1e-9 && unitFits(f.dimension, c));
  };
  for (const scope of [mine, rows]) {
    const anchored = numeric.filter((c) => scope.some((row) => holds(row, c)));
    if (anchored.length === 1) return anchored[0];
    if (anchored.length > 1) return undefined;
  }
  // A figure no row holds is a measure of another table (or a share, a change the claim computes).
  if (figures.length > 0) return undefined;
  // A code the claim names (D07 of D07_planarity_concave) names its column, whatever else the name says.
  const coded = numeric.filter((c) => columnWords(c).some((part) => /^\p{L}{1,4}\d+$/u.test(part) && claim.has(part.toLowerCase())));
  if (coded.length === 1) return coded[0];
  return columnNamedBy(numeric, claim, table.columns);
}

/** The numeric columns of a table the rows all fill, but those excluded. */
export function numericColumns(table: Table, rows: readonly TableRow[], exclude: ReadonlySet<string> = new Set()): string[] {
  return table.columns.filter((c) => !exclude.has(c) && rows.every((row) => numericValue(row.values.get(c) ?? '') !== undefined));
}

export interface ClaimFigure {
  number: number;
  decimals: number;
  raw: string;
  /** What the figure's unit measures, when it has one ("10 mm" is a length). */
  dimension?: Dimension;
}

/**
 * The claim's figures as written (not changes: "by 12%"), leaving out numbers that name a row
 * ("route 27" for route=27): those are labels, not values.
 */
export function claimFigures(view: ClaimView, labels: ReadonlySet<string> = new Set()): ClaimFigure[] {
  const periods = periodNumbers(view.claim.text);
  return view.features.quantities
    .filter((q) => q.qualifier !== 'delta' && !labels.has(q.raw.trim()) && !(periods.has(q.raw.trim()) && !q.hasUnit))
    .map((q) => ({ number: numericValue(q.raw.replace(/[^\d.,+-]/g, '')), decimals: q.decimals, raw: q.raw, ...(q.hasUnit ? { dimension: q.dimension } : {}) }))
    .filter((f): f is ClaimFigure => f.number !== undefined);
}

/**
 * The numbers among the values a claim names (route=27 named as "route 27"), and the numbers it
 * writes after a word that are the one number of a value it names ("Line 4" for line=L4): labels, not figures.
 */
export function numberLabels(named: ReadonlyMap<string, string[]>, text = ''): Set<string> {
  const values = [...named.values()].flat();
  const labels = new Set(values.filter((value) => /^\d+$/.test(value)));
  const numberOf = (value: string): number | undefined => {
    const digits = value.match(/\d+/g);
    return digits?.length === 1 ? Number(digits[0]) : undefined;
  };
  const valueNumbers = new Set(values.map(numberOf).filter((n) => n !== undefined));
  for (const numbers of labelsAfterWords(text, NUMBERED_RE).values()) for (const number of numbers) if (valueNumbers.has(Number(number))) labels.add(number);
  return labels;
}

/**
 * The rows whose columns hold the one value the claim names there (at Leeds: depot=LEEDS-01), in
 * table order; from the table's rows by value when no narrower set of rows is given.
 */
export function selectRows(table: Table, named: ReadonlyMap<string, string[]>, except: ReadonlySet<string>, from?: readonly TableRow[]): TableRow[] {
  const picks = [...named].filter(([column, values]) => !except.has(column) && values.length === 1);
  let out: TableRow[];
  if (from === undefined && picks.length > 0) {
    const [column, [value]] = picks[0]! as [string, [string]];
    out = [...(tableProfile(table).rowsByValue.get(column)?.get(value) ?? [])];
    picks.shift();
  } else out = [...(from ?? table.rows)];
  for (const [column, values] of picks) out = out.filter((row) => row.values.get(column) === values[0]);
  return out;
}

/** A claim stated plainly: no hedge, no denial, no absence (those are judged by their own rules). */
export function statedPlainly(view: ClaimView): boolean {
  const { wording } = view;
  return !wording.hedge && wording.negated.length === 0 && wording.absent.length === 0;
}

/**
 * The first table that decides a claim: `decide` returns a verdict, null when the table bears the
 * claim out (no later table is asked), or undefined when the table says nothing about it.
 */
export function firstTableVerdict(view: ClaimView, decide: (table: Table, claim: Set<string>) => ClaimVerdict | null | undefined): ClaimVerdict | undefined {
  const claim = tokensOf(view.claim.text);
  for (const table of tablesOf(view.index)) {
    const verdict = decide(table, claim);
    if (verdict !== undefined) return verdict ?? undefined;
  }
  return undefined;
}
