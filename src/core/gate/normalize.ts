// Strips nondeterminism (times, dates, ids, addresses) before the novelty hash (gate.md §3), so a
// re-read that differs only by a timestamp is not "new". The order matters: wider formats first,
// so a later rule never sees half of an earlier one. Over-stripping fails toward rejection.

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';
const WEEKDAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*';

/** [pattern, placeholder] in the spec's order. */
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // ISO datetimes, seconds optional; the fraction and zone are bounded so `,value=5` survives.
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}\b)?/g, '<datetime>'],
  // syslog `Jul 10 20:47:03` and `ls -l` `Jul 10 20:47` / `Jul 10  2025`; spaces only, never across lines.
  [new RegExp(`\\b${MONTH} {1,2}\\d{1,2} {1,2}(?:\\d{2}:\\d{2}(?::\\d{2})?|\\d{4})\\b`, 'g'), '<datetime>'],
  // RFC 822 / 1123: `Thu, 10 Jul 2026 20:47:03 GMT`, also the date alone.
  [new RegExp(`\\b(?:${WEEKDAY}, ?)?\\d{1,2} ${MONTH} \\d{2,4}(?: \\d{2}:\\d{2}(?::\\d{2})?(?: ?(?:[A-Z]{1,4}|[+-]\\d{4})\\b)?)?`, 'g'), '<datetime>'],
  // Bare dates 2026-07-10 / 2026/07/10 and US dates 07/10/2026 (year-anchored: 10/12/1024 is not a date).
  [/\b\d{4}[-/]\d{1,2}[-/]\d{1,2}\b/g, '<date>'],
  [/\b\d{1,2}\/\d{1,2}\/(?:19|20)\d{2}\b/g, '<date>'],
  // 12-hour clock times: 8:47 PM, 9:03am.
  [/\b\d{1,2}:\d{2}(?::\d{2})? ?[AaPp]\.?[Mm]\b\.?/g, '<time>'],
  // Clock times with seconds; a bare HH:MM is ambiguous with scores and ratios and stays.
  [/\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,9})?\b/g, '<time>'],
  // "5 min ago", "2 weeks ago".
  [/\b\d+ ?(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?|mos?|months?|y|yrs?|years?) ago\b/gi, '<ago>'],
  // Dashed UUIDs.
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  // Memory addresses: 0x with ≥ 6 hex digits (small constants like 0xFF are values).
  [/\b0x[0-9a-f]{6,}\b/gi, '<addr>'],
  // Hex and long numeric ids of ≥ 8 characters, any case (commit shas, request ids, epoch stamps).
  [/\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/gi, '<id>'],
];

export function normalizeForNovelty(text: string): string {
  let normalized = text;
  for (const [pattern, placeholder] of RULES) normalized = normalized.replace(pattern, placeholder);
  return normalized;
}

/** Arguments are any JSON value: a stable rendering (sorted keys) so equal calls hash equally. */
export function canonicalText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
