// A period named in a value or a column name — 2026-09, 2026Q1, q4_2025, W10, sep_2026, March —
// as a key that sorts in time order, so a series of rows or columns can be read first to last.
import { WEEKDAY_STEMS, weekdayOf } from '../../../retrieval/index';
import periodCodes from '../vocabulary/period-codes.json';
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export interface PeriodKey {
  /** What the period is: quarter, half, month or week (keys of one kind compare). */
  kind: 'year' | 'quarter' | 'half' | 'month' | 'week' | 'day';
  /** Sorts in time order within a kind; a missing year sorts as 0000. */
  key: string;
}

const pad = (n: string | number, width = 2): string => String(n).padStart(width, '0');

/** The period a short value or a column name names, if it names one and nothing else. */
export function periodKey(text: string): PeriodKey | undefined {
  const lower = text.toLowerCase().trim();
  if (lower.length > 24) return undefined;
  const year = /(?<!\d)((?:19|20)\d\d)(?!\d)/.exec(lower)?.[1] ?? '0000';
  const rest = lower.replace(/(?<!\d)(?:19|20)\d\d(?!\d)/, ' ');
  const tokens = rest.split(/[^a-z0-9]+/).filter(Boolean);
  // "2026-09-14": a day.
  const day = /(?<!\d)((?:19|20)\d\d)-(\d{1,2})-(\d{1,2})(?!\d)/.exec(lower);
  if (day) return { kind: 'day', key: `${day[1]}-${pad(day[2]!)}-${pad(day[3]!)}` };
  if (tokens.length === 0) return year === '0000' ? undefined : { kind: 'year', key: year };
  if (tokens.length > 2) return undefined;
  // "week-29", "quarter 4": a period noun and its number, written as the code W29 or Q4.
  const letter = (periodCodes.letters as Record<string, string>)[tokens[0]!];
  if (letter && tokens.length === 2 && /^\d{1,2}$/.test(tokens[1]!)) return periodKey(`${year === '0000' ? '' : year} ${letter}${tokens[1]}`);
  for (const token of tokens) {
    const quarter = /^q([1-4])$/.exec(token);
    if (quarter) return { kind: 'quarter', key: `${year}-${quarter[1]}` };
    const half = /^h([12])$/.exec(token);
    if (half) return { kind: 'half', key: `${year}-${half[1]}` };
    const week = /^(?:ww|wk|w)(\d{1,2})$/.exec(token);
    if (week) return { kind: 'week', key: `${year}-${pad(week[1]!)}` };
    const month = MONTHS.findIndex((name) => token.startsWith(name) && (token.length === 3 || 'january february march april may june july august september october november december'.includes(token)));
    if (month >= 0) return { kind: 'month', key: `${year}-${pad(month + 1)}` };
    // "2026-09", "2026/9": a month after a year.
    if (year !== '0000' && /^\d{1,2}$/.test(token) && Number(token) >= 1 && Number(token) <= 12 && /(?:19|20)\d\d[-/_]\d{1,2}(?!\d)/.test(lower)) return { kind: 'month', key: `${year}-${pad(token)}` };
  }
  return undefined;
}

/** A period the claim names without its year ("in November") is that period of any year. */
export function samePeriod(named: PeriodKey, value: PeriodKey): boolean {
  if (named.kind !== value.kind) return false;
  return named.key.startsWith('0000-') ? value.key.slice(4) === named.key.slice(4) : value.key === named.key;
}

/** Whether a period named by a claim holds a shorter one (2026 Q1 holds 2026-02 and 2026-02-14; "March" any year's March). */
export function periodHolds(outer: PeriodKey, inner: PeriodKey): boolean {
  const [outerYear, outerPart] = outer.key.split('-') as [string, string | undefined];
  const [innerYear, innerPart] = inner.key.split('-') as [string, string | undefined];
  if (outerYear !== '0000' && outerYear !== innerYear) return false;
  if (outer.kind === 'year') return true;
  if (outer.kind === inner.kind) return samePeriod(outer, inner);
  // (A day is held by its ISO week: 2024-10-07 is in week 41.)
  if (outer.kind === 'week' && inner.kind === 'day') return isoWeekOf(inner.key) === Number(outerPart);
  // (A day, 2024-08-30, is held by its month, quarter and half as its month is.)
  if ((inner.kind !== 'month' && inner.kind !== 'day') || outerPart === undefined || innerPart === undefined) return false;
  const month = Number(innerPart);
  if (outer.kind === 'month') return inner.kind === 'day' && Number(outerPart) === month;
  if (outer.kind === 'quarter') return Math.ceil(month / 3) === Number(outerPart);
  if (outer.kind === 'half') return Math.ceil(month / 6) === Number(outerPart);
  return false;
}

/** The ISO week of a day key as a week key, year and number ("2024-12-30" → "2025-01"). */
export function isoWeekKey(day: string): string | undefined {
  const week = isoWeekOf(day);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (week === undefined || !match) return undefined;
  // The Thursday of the day's week decides its year.
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  date.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  return `${date.getUTCFullYear()}-${pad(week)}`;
}

/** The ISO week number of a day key ("2024-10-07" → 41). */
function isoWeekOf(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // The Thursday of the day's week decides its year and number.
  date.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(date.getUTCFullYear(), 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() + 3 - ((firstThursday.getUTCDay() + 6) % 7));
  return 1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
}

/** The periods a claim's words name ("March", "Q4", "2025"), by their keys. */
export function periodsNamed(tokens: Iterable<string>): PeriodKey[] {
  const out: PeriodKey[] = [];
  for (const token of tokens) {
    if (!/\p{L}/u.test(token) || token.length < 2) continue;
    const key = periodKey(token);
    if (key && !out.some((k) => k.key === key.key && k.kind === key.kind)) out.push(key);
  }
  return out;
}

/** The weekday of an ISO calendar date value ("2024-06-03"), else undefined. */
export function isoWeekday(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const weekday = weekdayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  return Number.isNaN(weekday) ? undefined : weekday;
}

/**
 * "Monday's break notional", "on Friday": the dates of `values` (a date column) the claim's
 * weekdays name, where each named weekday falls on exactly one of them (a week of rows).
 */
export function datesOfWeekdays(claim: ReadonlySet<string>, values: readonly string[]): string[] {
  const named = WEEKDAY_STEMS.flatMap((stem, day) => (claim.has(stem) ? [day] : []));
  if (named.length === 0 || !values.every((value) => isoWeekday(value) !== undefined)) return [];
  const found: string[] = [];
  for (const day of named) {
    const on = values.filter((value) => isoWeekday(value) === day);
    if (on.length !== 1) return [];
    found.push(on[0]!);
  }
  return found;
}

/** What joins the two ends of a range of periods: "May–October", "May through October". ("From May to October" is as often a change between the two ends, so it is not read as a range.) */
const RANGE_JOIN_RE = /^\s*(?:[–—-]|through|thru)\s*$/i;

/**
 * "Across the May–October season": two period values of a column the claim joins as a range name
 * every value of the column between them (same kind of period, in time order), not only the ends.
 * Ends compared apart ("from 120 in May to 150 in October") have a figure between them: no range.
 */
export function periodRange(text: string, ends: readonly string[], values: readonly string[], writtenAt: (value: string) => number): string[] | undefined {
  if (ends.length !== 2) return undefined;
  const [a, b] = ends.map((value) => ({ value, key: periodKey(value) })) as [{ value: string; key?: PeriodKey }, { value: string; key?: PeriodKey }];
  if (!a.key || !b.key || a.key.kind !== b.key.kind || a.key.key === b.key.key) return undefined;
  const [first, last] = writtenAt(a.value) <= writtenAt(b.value) ? [a, b] : [b, a];
  const from = writtenAt(first.value);
  const to = writtenAt(last.value);
  if (from < 0 || to < 0) return undefined;
  const lead = text.slice(from).match(/^[\p{L}\p{N}]+/u)?.[0] ?? '';
  const between = text.slice(from + lead.length, to);
  if (!RANGE_JOIN_RE.test(between)) return undefined;
  const [low, high] = first.key!.key <= last.key!.key ? [first.key!.key, last.key!.key] : [last.key!.key, first.key!.key];
  const inside = values.filter((value) => {
    const key = periodKey(value);
    return key !== undefined && key.kind === first.key!.kind && key.key >= low && key.key <= high;
  });
  return inside.length > 2 ? inside : undefined;
}

/** The periods of a kind a range may run over, with the width of their number in a key. */
const RANGE_KINDS: Partial<Record<PeriodKey['kind'], { last: number; width: number }>> = {
  month: { last: 12, width: 2 },
  week: { last: 53, width: 2 },
  quarter: { last: 4, width: 1 },
  half: { last: 2, width: 1 },
};

/**
 * The claim's periods with those between two it joins as a range ("the May–October season", "June
 * through August", "W32–W41", "Q1 through Q3"): each period of the range, so rows of every period
 * in it are the claim's, not only the two ends'. With `spans`, "from W32 to W41" and "between W32
 * and W41" are ranges too — for a figure that is no change between the two ends.
 */
export function withPeriodRanges(text: string, periods: readonly PeriodKey[], spans = false): PeriodKey[] {
  // (Periods as the claim writes them: the words the period reader takes for a month, week, quarter or half.)
  const written = [...text.matchAll(/[\p{L}\p{N}]+/gu)]
    .map((m) => ({ at: m.index, word: m[0], key: /\p{L}/u.test(m[0]) ? periodKey(m[0]) : undefined }))
    .filter(({ key }) => key !== undefined && RANGE_KINDS[key.kind] !== undefined);
  const out = [...periods];
  for (let i = 0; i + 1 < written.length; i++) {
    const [a, b] = [written[i]!, written[i + 1]!];
    if (!a.key || !b.key || a.key.kind !== b.key.kind) continue;
    const between = text.slice(a.at + a.word.length, b.at);
    const lead = text.slice(Math.max(0, a.at - 12), a.at);
    const joined = RANGE_JOIN_RE.test(between) || (spans && ((/\bfrom\s+$/i.test(lead) && /^\s+(?:to|until|till)\s+$/i.test(between)) || (/\bbetween\s+$/i.test(lead) && /^\s+and\s+$/i.test(between))));
    if (!joined) continue;
    const { last, width } = RANGE_KINDS[a.key.kind]!;
    const [year, from, to] = [a.key.key.slice(0, 4), Number(a.key.key.slice(5)), Number(b.key.key.slice(5))];
    if (!(from < to && to <= last) || b.key.key.slice(0, 4) !== year) continue;
    for (let n = from + 1; n < to; n++) {
      const key = `${year}-${pad(n, width)}`;
      if (!out.some((p) => p.kind === a.key!.kind && p.key === key)) out.push({ kind: a.key.kind, key });
    }
  }
  return out;
}

const LETTERS: Record<string, string | undefined> = periodCodes.letters;
/**
 * "week 38", "quarter 4": a period noun and its number, which records write as a code (2024-W38,
 * Q4); with the numbers a range or, after the plural, a list adds ("weeks 36 to 39", "week 36–39",
 * "weeks 36, 37 and 38").
 */
const LABEL_END = String.raw`(?![\p{N}]|[.,:]\d)`;
const PERIOD_NUMBER_RE = new RegExp(
  `(?<![\\p{L}])(${Object.keys(LETTERS).join('|')})(s?)\\s+(\\d{1,2})${LABEL_END}((?:\\s*(?:to|through|until|–|—|-|,|and|or)\\s*\\d{1,2}${LABEL_END})*)`,
  'giu',
);
const RANGE_WORD_RE = /^\s*(?:to|through|until|–|—|-)\s*$/i;

export interface PeriodLabel {
  letter: string;
  numbers: number[];
}

/** The period labels of a text: each noun's numbers, a range's ("weeks 36 to 39") filled in. */
export function periodLabels(text: string): PeriodLabel[] {
  const out: PeriodLabel[] = [];
  for (const m of text.matchAll(PERIOD_NUMBER_RE)) {
    const letter = LETTERS[m[1]!.toLowerCase()]!;
    // (There are four quarters, two halves, 53 weeks: "quarter 4 to 12 sites" is no range of quarters.)
    const most = RANGE_KINDS[periodKey(`${letter}1`)!.kind]!.last;
    const numbers = [Number(m[3])];
    const rest = m[4] ?? '';
    const plural = m[2] !== '';
    const parts = [...rest.matchAll(/(\s*(?:to|through|until|–|—|-|,|and|or)\s*)(\d{1,2})/giu)];
    for (const part of parts) {
      const next = Number(part[2]);
      const range = RANGE_WORD_RE.test(part[1]!);
      // A list ("36, 37 and 38") numbers several periods only after the plural noun: "week 36, 41 cracked" is a count.
      if ((!range && !plural) || next > most) break;
      const last = numbers.at(-1)!;
      if (range) for (let n = last + 1; n < next; n++) numbers.push(n);
      numbers.push(next);
    }
    out.push({ letter, numbers });
  }
  // "the first half of 2025", "the third quarter": an ordinal numbers a half or a quarter of the
  // year before its noun. ("The second half of July", "the first half of the period" are parts of
  // another span; "the first week" counts from whatever the report started.)
  for (const m of text.matchAll(ORDINAL_PERIOD_RE)) {
    const letter = LETTERS[m[2]!.toLowerCase()]!;
    const number = ORDINALS[m[1]!.toLowerCase()]!;
    if (number <= RANGE_KINDS[periodKey(`${letter}1`)!.kind]!.last) out.push({ letter, numbers: [number] });
  }
  return out;
}

const ORDINALS: Record<string, number> = periodCodes.ordinals;
const ORDINAL_PERIOD_RE = new RegExp(`(?<![\\p{L}])(${Object.keys(ORDINALS).join('|')})\\s+(${periodCodes.ordinalPeriods.join('|')})(?![\\p{L}])(?!\\s+of\\s+(?!(?:19|20)\\d\\d\\b|the\\s+(?:financial\\s+)?year\\b))`, 'giu');
