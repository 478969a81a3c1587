// Calendar dates (2026-03-01, 14 June 2025, "from 10 to 27 June") and clock times (14:02:01Z,
// 09:00 CEST, 9 PM) of a text; each span read is masked for the later passes.
import type { ReadingDetail } from './detail';
import type { ReadSpans } from './spans';
import type { CalendarDate, ClockTime } from './types';
import { ZONE_OFFSETS, canonicalStem, monthNumber } from './vocabulary';
import { execAll } from './matches';

// Clock times: optional ISO date, HH:MM[:SS[.fff]], optional am/pm.
const TIME_RE = /\b(?:\d{4}-\d{2}-\d{2}[T ])?([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?(?:\s*([ap])\.?m\.?\b)?(?:Z|\+\d{2}:?\d{2}|(?<=:[0-5]\d:[0-5]\d(?:\.\d+)?|T\d{1,2}:[0-5]\d)-\d{2}:?\d{2}|\s*UTC)?/gi;
const HOUR_ONLY_RE = /(?<![\p{L}\p{N}:.])(1[0-2]|0?[1-9])\s?([ap])\.?m\b\.?(?:\s*(?:UTC|GMT|Z)\b)?/giu;
const ZONE_AFTER_RE = /^\s*\(?(CET|CEST|BST|EET|EEST|EST|EDT|CST|CDT|PST|PDT|JST)\b/;
const MONTH = '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const MONTH_HINT = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/i;
const ISO_DATE_RE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
const DAY_MONTH_RE = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b(?:,?\\s+(\\d{4})\\b)?`, 'g');
const MONTH_DAY_RE = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!:)(?:,?\\s+(\\d{4})\\b)?`, 'g');
const MONTH_YEAR_RE = new RegExp(`\\b${MONTH}\\s+(\\d{4})\\b`, 'g');
// "from 10 to 27 June", "between 7 and 12 September", "14–21 June": the first day is in the month named after the second.
const DAY_RANGE_MONTH_RE = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s*[-–]\\s*|\\s+(?:to|and|until|till|through)\\s+)(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b(?:,?\\s+(\\d{4})\\b)?`, 'g');
// Cheap tests a text must pass before a costly pattern can match it: each is implied by its pattern.
const NO_MATCHES: readonly RegExpExecArray[] = [];
const MERIDIEM_HINT = /[ap]\.?m/i;

/** Whether some '-' stands between two digits, as in every ISO date (hosts like db-prod-1 have none). */
function digitsAroundDash(text: string): boolean {
  for (let at = text.indexOf('-', 1); at > 0; at = text.indexOf('-', at + 1)) {
    if (at + 1 < text.length && isDigit(text.charCodeAt(at - 1)) && isDigit(text.charCodeAt(at + 1))) return true;
  }
  return false;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

const LETTER_DIGIT_OR_COLON_RE = /[\p{L}\p{N}:]/u;

/** Whether the character at `at` is a letter, a digit or ':' (ASCII by its code, the rest by the pattern). */
function gluesToTime(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  const code = text.charCodeAt(at);
  if (code < 0x80) return (code >= 0x30 && code <= 0x3a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return LETTER_DIGIT_OR_COLON_RE.test(text[at]!);
}

/** The calendar dates of a text, in the order the patterns find them. */
export function readDates(text: string, spans: ReadSpans, detail: ReadingDetail): CalendarDate[] {
  const dates: CalendarDate[] = [];
  const addDate = (start: number, raw: string, month: number, day?: number, year?: number): void => {
    if (month < 1 || month > 12 || (day !== undefined && (day < 1 || day > 31))) return;
    if (spans.isMasked(start)) return;
    dates.push({ month, day, year, raw, start, key: detail.keyAround(text, start, start + raw.length, 2, 1) });
    spans.mask(start, start + raw.length);
  };
  const hasMonth = MONTH_HINT.test(text);
  for (const m of digitsAroundDash(text) ? execAll(ISO_DATE_RE, text) : NO_MATCHES) addDate(m.index, m[0], Number(m[2]), Number(m[3]), Number(m[1]));
  if (hasMonth) for (const m of execAll(DAY_RANGE_MONTH_RE, text)) if (Number(m[1]) < Number(m[2])) addDate(m.index, m[1]!, monthNumber(m[3]!), Number(m[1]), m[4] ? Number(m[4]) : undefined);
  if (hasMonth) for (const m of execAll(DAY_MONTH_RE, text)) addDate(m.index, m[0], monthNumber(m[2]!), Number(m[1]), m[3] ? Number(m[3]) : undefined);
  if (hasMonth) for (const m of execAll(MONTH_DAY_RE, text)) addDate(m.index, m[0], monthNumber(m[1]!), Number(m[2]), m[3] ? Number(m[3]) : undefined);
  if (hasMonth) for (const m of execAll(MONTH_YEAR_RE, text)) addDate(m.index, m[0], monthNumber(m[1]!), undefined, Number(m[2]));
  return dates;
}

/** The clock times of a text: HH:MM[:SS] first, then hours on the 12-hour clock ("9 PM"). */
export function readTimes(text: string, spans: ReadSpans, detail: ReadingDetail): ClockTime[] {
  const times: ClockTime[] = [];
  for (const match of text.includes(':') ? execAll(TIME_RE, text) : NO_MATCHES) {
    // A time glued to letters or digits is part of something else (a serial like 04:A1:9C).
    if (gluesToTime(text, match.index + match[0].length) || gluesToTime(text, match.index - 1)) continue;
    let hours = Number(match[1]);
    const meridiem = match[4]?.toLowerCase();
    if (meridiem === 'p' && hours < 12) hours += 12;
    if (meridiem === 'a' && hours === 12) hours = 0;
    const seconds = hours * 3600 + Number(match[2]) * 60 + (match[3] ? Number(match[3]) : 0);
    // "09:00 CEST", "09:00:00+02:00" and "07:00Z" are all 07:00 UTC.
    // "13:45-14:00" is a range, not 13:45 at UTC−14: the pattern reads a minus offset only after
    // a time with seconds or within an ISO date-time (2026-03-17T13:45-05:00), so the range's
    // second time is read in its turn.
    const offset = /([+-])(\d{2}):?(\d{2})$/.exec(match[0]);
    const zone = ZONE_AFTER_RE.exec(text.slice(match.index + match[0].length));
    const offsetHours = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) + Number(offset[3]) / 60) : zone ? ZONE_OFFSETS[zone[1]!.toLowerCase()]! : /(?:Z|UTC)$/i.test(match[0]) ? 0 : undefined;
    const utc = offsetHours === undefined ? undefined : (((seconds - offsetHours * 3600) % 86400) + 86400) % 86400;
    times.push({ seconds, utc, hasSeconds: match[3] !== undefined, raw: match[0], start: match.index, key: detail.keyAround(text, match.index, match.index + match[0].length, 2, 1) });
    spans.mask(match.index, match.index + match[0].length);
  }
  // "9 PM", "7am", "11 p.m.": an hour on the 12-hour clock, minute zero.
  for (const match of MERIDIEM_HINT.test(text) ? execAll(HOUR_ONLY_RE, text) : NO_MATCHES) {
    if (spans.isMasked(match.index)) continue;
    let hours = Number(match[1]);
    if (match[2]!.toLowerCase() === 'p' && hours < 12) hours += 12;
    if (match[2]!.toLowerCase() === 'a' && hours === 12) hours = 0;
    times.push({ seconds: hours * 3600, hasSeconds: false, raw: match[0], start: match.index, key: detail.keyAround(text, match.index, match.index + match[0].length, 2, 1) });
    spans.mask(match.index, match.index + match[0].length);
  }
  if (times.length > 0 && MERIDIEM_HINT.test(text)) readRangeStarts(text, times, spans, detail);
  return times;
}

const RANGE_JOIN_RE = /^\s*(?:[-–—]|to|and|until|till|through)\s*$/i;
// "9–10 PM": the bare hour that opens a range on the 12-hour clock.
// (Not a code's number: FERT-03 until 5:30 PM.)
const BARE_RANGE_START_RE = /(?<![\p{L}\p{N}:.\-_/])(1[0-2]|0?[1-9])(?=\s*(?:[-–—]|to)\s*(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s?[ap]\.?m\b)/giu;

/**
 * A range written with one am/pm ("9:00–11:00 PM EDT", "4:00–6:00 PM", "9–10 PM"): the first time
 * is on the same half of the day and in the same zone as the second, unless that would put it after
 * the second ("11:00–1:00 PM" opens at 11 AM).
 */
function readRangeStarts(text: string, times: ClockTime[], spans: ReadSpans, detail: ReadingDetail): void {
  for (const match of execAll(BARE_RANGE_START_RE, text)) {
    if (spans.isMasked(match.index)) continue;
    times.push({ seconds: Number(match[1]) * 3600, hasSeconds: false, raw: match[0], start: match.index, key: detail.keyAround(text, match.index, match.index + match[0].length, 2, 1) });
    spans.mask(match.index, match.index + match[0].length);
  }
  times.sort((a, b) => a.start - b.start);
  for (let i = 0; i + 1 < times.length; i++) {
    const first = times[i]!;
    const second = times[i + 1]!;
    const meridiem = /([ap])\.?m\.?\b/i.exec(second.raw)?.[1]?.toLowerCase();
    if (!meridiem || /[ap]\.?m\b/i.test(first.raw) || first.utc !== undefined || first.seconds >= 13 * 3600) continue;
    if (!RANGE_JOIN_RE.test(text.slice(first.start + first.raw.length, second.start))) continue;
    const shifted = meridiem === 'p' && first.seconds < 12 * 3600 && first.seconds + 12 * 3600 <= second.seconds ? first.seconds + 12 * 3600 : first.seconds;
    const offset = second.utc === undefined ? undefined : second.seconds - second.utc;
    times[i] = { ...first, seconds: shifted, utc: offset === undefined ? undefined : (((shifted - offset) % 86400) + 86400) % 86400 };
  }
}

/** The weekdays' stems, Sunday first (as `Date#getUTCDay` counts). */
export const WEEKDAY_STEMS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map(canonicalStem);

/** The weekday (0 = Sunday) of a calendar date (month 1–12). */
export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}
