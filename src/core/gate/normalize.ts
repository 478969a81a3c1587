// Strips nondeterminism (times, dates, ids, addresses) before the novelty hash (gate.md §3), so a
// re-read that differs only by a timestamp is not "new". The order matters: wider formats first,
// so a later rule never sees half of an earlier one. Over-stripping fails toward rejection.

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';
const WEEKDAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*';

// Guards: cheap tests a text must pass before a rule's regex can match (replays run 100k steps).
const MONTH_NAME = /(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/;
const hasColon = (text: string) => text.includes(':');
const hasDash = (text: string) => text.includes('-');
const hasDateSeparator = (text: string) => text.includes('-') || text.includes('/');
const hasMonth = (text: string) => MONTH_NAME.test(text);
const hasAgo = (text: string) => /ago\b/i.test(text);
const hasHexPrefix = (text: string) => text.includes('0x') || text.includes('0X');
const always = () => true;

/** [guard, pattern, placeholder] in the spec's order. */
const RULES: ReadonlyArray<readonly [(text: string) => boolean, RegExp, string]> = [
  // ISO datetimes, seconds optional; the fraction and zone are bounded so `,value=5` survives.
  [hasColon, /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}\b)?/g, '<datetime>'],
  // syslog `Jul 10 20:47:03` and `ls -l` `Jul 10 20:47` / `Jul 10  2025`; spaces only, never across lines.
  [hasMonth, new RegExp(`\\b${MONTH} {1,2}\\d{1,2} {1,2}(?:\\d{2}:\\d{2}(?::\\d{2})?|\\d{4})\\b`, 'g'), '<datetime>'],
  // RFC 822 / 1123: `Thu, 10 Jul 2026 20:47:03 GMT`, also the date alone.
  [hasMonth, new RegExp(`\\b(?:${WEEKDAY}, ?)?\\d{1,2} ${MONTH} \\d{2,4}(?: \\d{2}:\\d{2}(?::\\d{2})?(?: ?(?:[A-Z]{1,4}|[+-]\\d{4})\\b)?)?`, 'g'), '<datetime>'],
  // Bare dates 2026-07-10 / 2026/07/10 and US dates 07/10/2026 (year-anchored: 10/12/1024 is not a date).
  [hasDateSeparator, /\b\d{4}[-/]\d{1,2}[-/]\d{1,2}\b/g, '<date>'],
  [hasDateSeparator, /\b\d{1,2}\/\d{1,2}\/(?:19|20)\d{2}\b/g, '<date>'],
  // 12-hour clock times: 8:47 PM, 9:03am.
  [hasColon, /\b\d{1,2}:\d{2}(?::\d{2})? ?[AaPp]\.?[Mm]\b\.?/g, '<time>'],
  // Clock times with seconds; a bare HH:MM is ambiguous with scores and ratios and stays.
  [hasColon, /\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,9})?\b/g, '<time>'],
  // "5 min ago", "2 weeks ago".
  [hasAgo, /\b\d+ ?(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?|mos?|months?|y|yrs?|years?) ago\b/gi, '<ago>'],
  // Dashed UUIDs.
  [hasDash, /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  // Memory addresses: 0x with ≥ 6 hex digits (small constants like 0xFF are values).
  [hasHexPrefix, /\b0x[0-9a-f]{6,}\b/gi, '<addr>'],
  // Hex and long numeric ids of ≥ 8 characters, any case (commit shas, request ids, epoch stamps).
  [always, /\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/gi, '<id>'],
];

export function normalizeForNovelty(text: string): string {
  // Every rule needs a digit; most tool output without one is returned as is, cheaply.
  if (!/\d/.test(text)) return text;
  let normalized = text;
  for (const [guard, pattern, placeholder] of RULES) if (guard(normalized)) normalized = normalized.replace(pattern, placeholder);
  return normalized;
}

/** Arguments are any JSON value: a stable rendering (sorted keys) so equal calls hash equally. */
export function canonicalText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return stableJson(value);
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`;
}
