// Text features shared by the evidence index and the offline judge: content words (stemmed),
// identifiers (hosts, paths, ids, metric names), numbers with units, clock times and key=value
// fields. Extracted once per evidence item and once per claim, then compared structurally.
import { stemmer } from 'stemmer';

/** The physical dimension of a quantity; values of one dimension are compared in its base unit. */
export type Dimension = 'percent' | 'duration' | 'bytes' | 'rate' | 'ratio' | 'count';

export interface Quantity {
  /** Value in the base unit of its dimension (seconds, bytes, percent, count). */
  value: number;
  dimension: Dimension;
  /** True when the unit was written (or implied by a field name such as `cpu_pct`). */
  hasUnit: boolean;
  /** Decimal places as written, so "97%" matches 97.2 but "97.0%" does not. */
  decimals: number;
  /** The written unit's size in the base unit (1 for ms → 0.001): a rounding step of 1 in the written unit. */
  scale: number;
  /** Stemmed words naming what is measured: a field's key parts, or the words before it in prose. */
  key: string[];
  raw: string;
  start: number;
  /**
   * How the number is meant: approximately ("about 104,000"), a lower or upper bound ("above
   * 20,000", "fewer than 450"), or a change ("cut by 30%"). Absent: the exact value.
   */
  qualifier?: 'approx' | 'lower' | 'upper' | 'delta';
}

export interface ClockTime {
  /** Seconds since midnight. */
  seconds: number;
  /** The same moment in UTC, when the text gives its zone or offset (Z, +02:00, CEST). */
  utc?: number;
  /** Whether seconds were written: 14:02 matches 14:02:01, 14:02:05 does not match 14:02:01. */
  hasSeconds: boolean;
  raw: string;
  start: number;
  /** Stemmed words around it: the event it dates ("alert fired at 14:02"). */
  key: string[];
}

export interface CalendarDate {
  month: number;
  day?: number;
  year?: number;
  raw: string;
  start: number;
  key: string[];
}

export interface TextFeatures {
  /** Canonical stems of the content words, in order (duplicates kept for term frequency). */
  words: string[];
  /** Canonical stems of the words of names (capitalised words; see `nameGroups`). */
  names: string[];
  /** Names as groups of stems: "Stanford University" → [stanford, univers]. */
  nameGroups: string[][];
  /** Lower-cased identifiers (db-prod-1, cpu_pct, /var/log/app.log, v2.3.1, INC-4821). */
  identifiers: string[];
  quantities: Quantity[];
  times: ClockTime[];
  dates: CalendarDate[];
  /** key=value pairs written in the text (lower-cased keys). */
  fields: Record<string, string>;
}

const STOPWORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for with from into onto over under as is are was were be been being ' +
    'am do does did done has have had having it its this that these those there here which who whom whose what when where ' +
    'while how than so such also just only very can will would shall should may might must could our we you your they them ' +
    'their he she his her him i me my us about after before during between through up down out off again further once all ' +
    'any both each every few more most other some own same too s t per via vs etc e g ie eg one yes no not nor never none neither ' +
    // Negated auxiliaries: the negation is read as wording, the auxiliary carries no content.
    "aren't isn't wasn't weren't don't doesn't didn't can't cannot won't hasn't haven't hadn't couldn't shouldn't wouldn't mustn't"
  ).split(' ').flatMap((word) => (word.includes("'") ? [word, word.replace("'", '’')] : [word])),
);

/** Words the Porter stemmer leaves apart that mean the same thing in reports and logs. */
const SYNONYMS: Record<string, string> = {
  deploi: 'deploy',
  rollout: 'deploy',
  reboot: 'restart',
  bounc: 'restart',
  err: 'error',
  errror: 'error',
  mem: 'memori',
  ram: 'memori',
  pct: 'percent',
  proc: 'process',
  db: 'databas',
  cfg: 'config',
  configur: 'config',
  conf: 'config',
  lat: 'latenc',
  latency: 'latenc',
  p95: 'latenc',
  p99: 'latenc',
  avail: 'avail',
  req: 'request',
  reqs: 'request',
  msg: 'messag',
  auth: 'authent',
  svc: 'servic',
  conv: 'convers',
  cert: 'certif',
  certs: 'certif',
  rps: 'request',
  qps: 'request',
  k8s: 'kubernet',
  fire: 'fire',
  // "usage", "used", "utilisation": one measure (`disk_used_pct`, "CPU usage").
  usag: 'us',
  util: 'us',
  utilis: 'us',
  // df's "Avail" column is what a report calls free space.
  free: 'avail',
  // Money: "cost", "spend", and `*_usd` fields.
  spend: 'cost',
  spent: 'cost',
  usd: 'cost',
  eur: 'cost',
  jvm: 'java',
  gzip: 'compress',
  // Retention: "kept for 30 days", "retained", "retention".
  kept: 'retent',
  retain: 'retent',
  // Clocks: "behind" is slow, "ahead" is fast.
  behind: 'slow',
  // An alert "cleared" is one "resolved".
  clear: 'resolv',
  // A key's TTL is when it expires; a price is what it costs.
  ttl: 'expir',
  // A changelog lists releases: "released" is what its entries are.
  changelog: 'releas',
  // Events "pushed" to a destination are "sent" there.
  push: 'send',
  sent: 'send',
  price: 'cost',
  priced: 'cost',
  ahead: 'fast',
  // An author is a writer; novelists and poets are authors.
  author: 'writer',
  novelist: 'writer',
  poet: 'writer',
  // An upper limit: "the ceiling is", "capped at", "maximum", `max_…`.
  ceil: 'max',
  cap: 'max',
  capped: 'max',
  maximum: 'max',
};

/** Stems a lower-case word and maps known variants onto one canonical stem. */
export function canonicalStem(word: string): string {
  const lower = word.toLowerCase();
  let stem = STEM_CACHE.get(lower);
  if (stem === undefined) {
    const direct = SYNONYMS[lower];
    const stemmed = direct ?? stemmer(lower);
    stem = SYNONYMS[stemmed] ?? stemmed;
    // Logs repeat the same words: a bounded cache saves most of the stemming.
    if (STEM_CACHE.size > 50_000) STEM_CACHE.clear();
    STEM_CACHE.set(lower, stem);
  }
  return stem;
}

const STEM_CACHE = new Map<string, string>();

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

const UNITS: Record<string, { dimension: Dimension; factor: number }> = {
  '%': { dimension: 'percent', factor: 1 },
  percent: { dimension: 'percent', factor: 1 },
  pct: { dimension: 'percent', factor: 1 },
  ns: { dimension: 'duration', factor: 1e-9 },
  us: { dimension: 'duration', factor: 1e-6 },
  µs: { dimension: 'duration', factor: 1e-6 },
  ms: { dimension: 'duration', factor: 1e-3 },
  millisecond: { dimension: 'duration', factor: 1e-3 },
  milliseconds: { dimension: 'duration', factor: 1e-3 },
  s: { dimension: 'duration', factor: 1 },
  sec: { dimension: 'duration', factor: 1 },
  secs: { dimension: 'duration', factor: 1 },
  second: { dimension: 'duration', factor: 1 },
  seconds: { dimension: 'duration', factor: 1 },
  min: { dimension: 'duration', factor: 60 },
  mins: { dimension: 'duration', factor: 60 },
  minute: { dimension: 'duration', factor: 60 },
  minutes: { dimension: 'duration', factor: 60 },
  h: { dimension: 'duration', factor: 3600 },
  hr: { dimension: 'duration', factor: 3600 },
  hrs: { dimension: 'duration', factor: 3600 },
  hour: { dimension: 'duration', factor: 3600 },
  hours: { dimension: 'duration', factor: 3600 },
  day: { dimension: 'duration', factor: 86400 },
  days: { dimension: 'duration', factor: 86400 },
  week: { dimension: 'duration', factor: 7 * 86400 },
  weeks: { dimension: 'duration', factor: 7 * 86400 },
  month: { dimension: 'duration', factor: 30 * 86400 },
  months: { dimension: 'duration', factor: 30 * 86400 },
  year: { dimension: 'duration', factor: 365 * 86400 },
  years: { dimension: 'duration', factor: 365 * 86400 },
  microsecond: { dimension: 'duration', factor: 1e-6 },
  microseconds: { dimension: 'duration', factor: 1e-6 },
  nanosecond: { dimension: 'duration', factor: 1e-9 },
  nanoseconds: { dimension: 'duration', factor: 1e-9 },
  b: { dimension: 'bytes', factor: 1 },
  byte: { dimension: 'bytes', factor: 1 },
  bytes: { dimension: 'bytes', factor: 1 },
  kb: { dimension: 'bytes', factor: 1e3 },
  mb: { dimension: 'bytes', factor: 1e6 },
  gb: { dimension: 'bytes', factor: 1e9 },
  tb: { dimension: 'bytes', factor: 1e12 },
  kib: { dimension: 'bytes', factor: 1024 },
  mib: { dimension: 'bytes', factor: 1024 ** 2 },
  gib: { dimension: 'bytes', factor: 1024 ** 3 },
  tib: { dimension: 'bytes', factor: 1024 ** 4 },
  // Kubernetes quantities, glued to the number (14Gi, 512Mi).
  ki: { dimension: 'bytes', factor: 1024 },
  mi: { dimension: 'bytes', factor: 1024 ** 2 },
  gi: { dimension: 'bytes', factor: 1024 ** 3 },
  ti: { dimension: 'bytes', factor: 1024 ** 4 },
  // df/du style suffixes: 500G, 61G, 1.2T.
  g: { dimension: 'bytes', factor: 1e9 },
  t: { dimension: 'bytes', factor: 1e12 },
  rps: { dimension: 'rate', factor: 1 },
  qps: { dimension: 'rate', factor: 1 },
  'req/s': { dimension: 'rate', factor: 1 },
  '/s': { dimension: 'rate', factor: 1 },
};

/** Field-name suffixes that carry a unit (`cpu_pct=97.2`, `p99_ms=840`). */
const FIELD_UNIT_SUFFIXES: Array<[RegExp, string]> = [
  // `loki_received_mb_per_s`: bytes a second, as "27.9 MB/s" is read in prose.
  [/(?:^|[_.-])(?:kb|mb|gb|kib|mib|gib|bytes)[_.-](?:per[_.-]s|per[_.-]sec|per[_.-]second|ps)$/, 'bytes/s'],
  // `evicted_keys_per_s`, `req_ps`: a rate, not a duration.
  [/(?:^|[_.-])(per_s|per_sec|per_second|ps)$/, '/s'],
  [/(?:^|[_.-])(pct|percent|percentage|ratio_pct)$/, '%'],
  [/(?:^|[_.-])(ms|millis)$/, 'ms'],
  [/(?:^|[_.-])(s|sec|secs|seconds)$/, 's'],
  // Not `_min`: it is as often a minimum (latency_min) as minutes.
  [/(?:^|[_.-])(mins|minutes)$/, 'min'],
  [/(?:^|[_.-])(hours|hrs)$/, 'h'],
  // `p90_wait_days=81`, `retention_weeks=2`: durations in days and weeks.
  // (`n_days=31` counts days; it is not a duration.)
  [/(?<!(?:^|[_.-])(?:n|num|count|number_of))(?:^|[_.-])(days)$/, 'days'],
  [/(?:^|[_.-])(weeks)$/, 'weeks'],
  [/(?:^|[_.-])(bytes)$/, 'b'],
  [/(?:^|[_.-])(kb)$/, 'kb'],
  [/(?:^|[_.-])(mb)$/, 'mb'],
  [/(?:^|[_.-])(gb)$/, 'gb'],
  [/(?:^|[_.-])(kib)$/, 'kib'],
  [/(?:^|[_.-])(mib)$/, 'mib'],
  [/(?:^|[_.-])(gib)$/, 'gib'],
  [/(?:^|[_.-])(tib)$/, 'tib'],
];

const GENERIC_KEYS = new Set(['valu', 'val', 'count', 'current', 'observ', 'threshold']);

const WORD_NUMBERS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90, hundred: 100, twice: 2, none: 0, zero: 0,
};

/** "1.2 million", "48.2 million objects", "3 thousand": the word scales the number before it. */
const MAGNITUDES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
const MAGNITUDE_AFTER_RE = /^\s+(thousand|million|billion|trillion)\b/i;
/**
 * "a quarter of each broker's disk", "about half of the sessions", "two-thirds of users": a
 * share written as a fraction is a percentage, and only ever approximate.
 */
const FRACTION_RE = /\b(?:(?:a|one)\s+(quarter|third|half)|(two)[-\s]thirds|(three)[-\s]quarters|(half))\b(?=\s+(?:of|the|its|their|all)\b)/gi;
const FRACTIONS: Record<string, number> = { quarter: 25, third: 100 / 3, half: 50, two: 200 / 3, three: 75 };
const AND_A_HALF_RE = /\b(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+and\s+a\s+half\s+(seconds|minutes|hours|days|weeks|months|years)\b/gi;
/** "one year", "an hour", "a day": one of a unit (not "one of the", "a host"). */
// "a second" is a duration only where a duration can stand ("a second later", "within a second.",
// "a second or two"); before a noun or inline code it is the ordinal ("a second deploy", "a second `crontab -l`").
const PER_UNIT_AMOUNT_RE =
  /(?:^|[\s(€$£])[\d][\d,.]*\s*(?:(?!(?:in|for|about|around|roughly|nearly|almost|within|over|after|before|than|of|at|on|by|under|lasted|took|ran|was|were|is|are|and|or|but|then|later|only|just)\b)[\p{L}%-]+\s+){0,3}$/iu;

/** Units read only glued to their number: "500G", "14Gi" (a spaced "t" is tonnes, "5 mi" is miles). */
const GLUED_ONLY_UNITS = new Set(['g', 't', 'ki', 'mi', 'gi', 'ti']);

const ONE_IN_RE = /\b(?:one|1)\s+(?:(?!(?:of|the|them|it|which|that|those|these)\b)[\p{L}-]+\s+){0,2}?in\s+(?:every\s+)?(\d[\d,]*)\b(?!\s*(?:[%.]\d|percent|per cent|minutes?|hours?|days?|weeks?|months?|years?|seconds?|ms|s\b|m\b|h\b|GB|MB))/giu;

const ONE_UNIT_RE = /\b(?:one|an?)\s+(?:(?:full|whole|single|additional|extra)\s+)?(microseconds?|milliseconds?|second(?=\s*(?:$|[.,;:)!?]|(?:later|after|afterwards|before|earlier|ago|of|to|and|or|in|for|apart|behind|ahead|long|or so|each|per|at|on|between|from)\b))|seconds|minutes?|hours?|days?|weeks?|months?|years?)\b(?:\s+and\s+a\s+half\b)?/gi;

// Clock times: optional ISO date, HH:MM[:SS[.fff]], optional am/pm.
const TIME_RE = /\b(?:\d{4}-\d{2}-\d{2}[T ])?([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?(?:\s*([ap])\.?m\.?\b)?(?:Z|[+-]\d{2}:?\d{2}|\s*UTC)?/gi;
const HOUR_ONLY_RE = /(?<![\p{L}\p{N}:.])(1[0-2]|0?[1-9])\s?([ap])\.?m\b\.?(?:\s*(?:UTC|GMT|Z)\b)?/giu;
const NOT_WORDS = new Set(['utc', 'gmt', 'pm', 'am', 'gib', 'mib', 'kib', 'tib', 'cet', 'cest', 'bst', 'est', 'edt', 'cst', 'cdt', 'pst', 'pdt', 'eet', 'eest', 'jst']);
/** Offsets from UTC, in hours, of the zone abbreviations reports write after a time ("09:00 CEST"). */
const ZONE_OFFSETS: Record<string, number> = { cet: 1, cest: 2, bst: 1, eet: 2, eest: 3, est: -5, edt: -4, cst: -6, cdt: -5, pst: -8, pdt: -7, jst: 9 };
const ZONE_AFTER_RE = /^\s*\(?(CET|CEST|BST|EET|EEST|EST|EDT|CST|CDT|PST|PDT|JST)\b/;
const MONTH_NAME_RE = /^(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const MONTH_HINT = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/i;
const ISO_DATE_RE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
const DAY_MONTH_RE = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b(?:,?\\s+(\\d{4})\\b)?`, 'g');
const MONTH_DAY_RE = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!:)(?:,?\\s+(\\d{4})\\b)?`, 'g');
const MONTH_YEAR_RE = new RegExp(`\\b${MONTH}\\s+(\\d{4})\\b`, 'g');
// "from 10 to 27 June", "between 7 and 12 September", "14–21 June": the first day is in the month named after the second.
const DAY_RANGE_MONTH_RE = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s*[-–]\\s*|\\s+(?:to|and|until|till|through)\\s+)(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b(?:,?\\s+(\\d{4})\\b)?`, 'g');
// key=value. The whole run of key characters before the '=' is taken at once (a lookahead with a
// back-reference cannot backtrack), and only where a run starts: a 20,000-character token is read
// once, not once per character. The key starts at the run's first letter or underscore.
const FIELD_RE = /(?<![\w.-])(?=([\w.-]+))\1=("[^"]*"|'[^']*'|[^\s,;]+)/g;
const KEY_START_RE = /[A-Za-z_]/;
// Identifiers: alnum runs joined by . _ - / : (hosts, metric names, versions, ids), paths, and
// mixed letter+digit tokens (p99, 5xx, 3f2a9c1).
const IDENT_RE = /(?:\/[\w.-]+)+\/?|[\p{L}\p{N}]+(?:[._\-/:@&][\p{L}\p{N}]+)*/gu;
const NUMBER_RE = /(?<![\p{L}\p{N}_.])[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\p{L}\p{N}_.])[-+]?\d+(?:\.\d+)?/gu;
const THROUGHPUT_AFTER_RE = /^\s?([kmgtp]i?b)\/s\b/i;
// "9,000 evictions per second", "41,200 log lines a second".
const RATE_AFTER_RE =
  /^\s?(?:(?!(?:and|or|but|with|to|of|in|for|on|at|from|after|before)\b)[\p{L}-]+\s+){0,2}(?:(?:per|\/)\s*(?:second|sec|s)\b|(?:a|each|every)\s+second\b(?=\s*(?:$|[.,;:)!?]|(?:on|in|at|for|during|while|until|from|since|throughout|across|over)\b)))/iu;
const PER_UNIT_RE = /^\s?(?:([\p{L}%]+)\s+)?per\s+\p{L}/u;
const PER_THING = { dimension: 'ratio' as const, factor: 1 };
const UNIT_AFTER_RE = /^[\s-]?(%|percent\b|req\/s\b|\/s\b|[a-zµ]{1,12}\b)/i;
const WORD_RE = /[\p{L}][\p{L}\p{M}'’]*/gu;
// Cheap tests a text must pass before a costly pattern can match it: each is implied by its pattern.
const NO_MATCHES: readonly RegExpExecArray[] = [];
const MERIDIEM_HINT = /[ap]\.?m/i;
const FRACTION_HINT = /quarter|third|half/i;
const UNIT_WORD_HINT = /second|minute|hour|day|week|month|year/i;
const IN_HINT = /in\s/i;

/** Extracts every feature of a text. Deterministic; linear in the text length. */
export function extractFeatures(text: string): TextFeatures {
  // Spans already read as a date, time or identifier, blanked out for the later passes.
  const spans: Array<[number, number]> = [];
  // Few spans are walked; past a handful, one flag per character makes the test O(1), so a text
  // with thousands of dates or times is not read once per span.
  let covered: Uint8Array | undefined;
  const mask = (start: number, end: number): void => {
    spans.push([start, end]);
    covered?.fill(1, start, end);
  };
  const isMasked = (index: number): boolean => {
    if (covered === undefined && spans.length <= 16) return spans.some(([start, end]) => index >= start && index < end);
    if (covered === undefined) {
      covered = new Uint8Array(text.length + 1);
      for (const [start, end] of spans) covered.fill(1, start, end);
    }
    return covered[index] === 1;
  };

  const fields = fieldsIn(text);

  const dates: CalendarDate[] = [];
  const addDate = (start: number, raw: string, month: number, day?: number, year?: number): void => {
    if (month < 1 || month > 12 || (day !== undefined && (day < 1 || day > 31))) return;
    if (isMasked(start)) return;
    dates.push({ month, day, year, raw, start, key: keyWordsAround(text, start, start + raw.length, 2, 1) });
    mask(start, start + raw.length);
  };
  const hasMonth = MONTH_HINT.test(text);
  for (const m of text.includes('-') ? text.matchAll(ISO_DATE_RE) : NO_MATCHES) addDate(m.index, m[0], Number(m[2]), Number(m[3]), Number(m[1]));
  if (hasMonth) for (const m of text.matchAll(DAY_RANGE_MONTH_RE)) if (Number(m[1]) < Number(m[2])) addDate(m.index, m[1]!, monthNumber(m[3]!), Number(m[1]), m[4] ? Number(m[4]) : undefined);
  if (hasMonth) for (const m of text.matchAll(DAY_MONTH_RE)) addDate(m.index, m[0], monthNumber(m[2]!), Number(m[1]), m[3] ? Number(m[3]) : undefined);
  if (hasMonth) for (const m of text.matchAll(MONTH_DAY_RE)) addDate(m.index, m[0], monthNumber(m[1]!), Number(m[2]), m[3] ? Number(m[3]) : undefined);
  if (hasMonth) for (const m of text.matchAll(MONTH_YEAR_RE)) addDate(m.index, m[0], monthNumber(m[1]!), undefined, Number(m[2]));
  const times: ClockTime[] = [];
  for (const match of text.includes(':') ? text.matchAll(TIME_RE) : NO_MATCHES) {
    // A time glued to letters or digits is part of something else (a serial like 04:A1:9C).
    if (/[\p{L}\p{N}:]/u.test(text[match.index + match[0].length] ?? '') || /[\p{L}\p{N}:]/u.test(text[match.index - 1] ?? '')) continue;
    let hours = Number(match[1]);
    const meridiem = match[4]?.toLowerCase();
    if (meridiem === 'p' && hours < 12) hours += 12;
    if (meridiem === 'a' && hours === 12) hours = 0;
    const seconds = hours * 3600 + Number(match[2]) * 60 + (match[3] ? Number(match[3]) : 0);
    // "09:00 CEST", "09:00:00+02:00" and "07:00Z" are all 07:00 UTC.
    const offset = /([+-])(\d{2}):?(\d{2})$/.exec(match[0]);
    const zone = ZONE_AFTER_RE.exec(text.slice(match.index + match[0].length));
    const offsetHours = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) + Number(offset[3]) / 60) : zone ? ZONE_OFFSETS[zone[1]!.toLowerCase()]! : /(?:Z|UTC)$/i.test(match[0]) ? 0 : undefined;
    const utc = offsetHours === undefined ? undefined : (((seconds - offsetHours * 3600) % 86400) + 86400) % 86400;
    times.push({ seconds, utc, hasSeconds: match[3] !== undefined, raw: match[0], start: match.index, key: keyWordsAround(text, match.index, match.index + match[0].length, 2, 1) });
    mask(match.index, match.index + match[0].length);
  }
  // "9 PM", "7am", "11 p.m.": an hour on the 12-hour clock, minute zero.
  for (const match of MERIDIEM_HINT.test(text) ? text.matchAll(HOUR_ONLY_RE) : NO_MATCHES) {
    if (isMasked(match.index)) continue;
    let hours = Number(match[1]);
    if (match[2]!.toLowerCase() === 'p' && hours < 12) hours += 12;
    if (match[2]!.toLowerCase() === 'a' && hours === 12) hours = 0;
    times.push({ seconds: hours * 3600, hasSeconds: false, raw: match[0], start: match.index, key: keyWordsAround(text, match.index, match.index + match[0].length, 2, 1) });
    mask(match.index, match.index + match[0].length);
  }

  const fractions = FRACTION_HINT.test(text) ? [...text.matchAll(FRACTION_RE)] : [];
  // Fractions are in text order and never overlap: the last one starting at or before an offset is the only one that can hold it.
  const inFraction = (index: number): boolean => {
    if (fractions.length === 0) return false;
    const match = fractions[lastStartingBefore(fractions, index + 1)];
    return match !== undefined && index < match.index + match[0].length;
  };
  const identifiers: string[] = [];
  const identifierDurations: Quantity[] = [];
  const identText = blank(text, spans);
  for (const match of identText.matchAll(IDENT_RE)) {
    const raw = match[0];
    if (inFraction(match.index)) continue;
    // A single token is an identifier only when it mixes letters and digits (p99, 5xx, 3f2a9c1);
    // an ordinal ("27th") is a day or a rank, not an id.
    if (!/[._\-/:@&]/.test(raw) && !(/\d/.test(raw) && /\p{L}/u.test(raw))) continue;
    if (/^\d+(?:st|nd|rd|th)$/i.test(raw)) continue;
    // A plain decimal (3.5) or a thousands-grouped number is a number, not an identifier.
    if (/^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^[-+]?\d+(?:\.\d+)?$/.test(raw)) continue;
    // "61/200": two numbers (a used-of-total pair), not a path.
    if (/^\d+(?:\.\d+)?\/\d+(?:\.\d+)?$/.test(raw)) continue;
    // "41.50/MWh", "0.04/h": a number per unit (a price or a rate), not a path.
    if (/^\d+(?:\.\d+)?\/\p{L}+$/u.test(raw)) continue;
    // "5-second", "16-year-old": a number with its unit, not an identifier.
    if (/^\d+(?:\.\d+)?-\p{L}/u.test(raw) && /^\p{L}+(?:-\p{L}+)*$/u.test(raw.replace(/^[\d.]+-/, ''))) continue;
    // "req/s", "and/or": a slash between two plain words is wording, not a path.
    if (/^[\p{L}]+\/[\p{L}]+$/u.test(raw) && !raw.startsWith('/')) continue;
    // "1850/s", "30/min": a rate, read as a number with its unit.
    if (/^\d+(?:\.\d+)?\/(?:s|sec|second)$/i.test(raw)) continue;
    // "total-vm:5.1GB" is a key and its value, not one identifier: the number is read as a field.
    const keyed = /^(\p{L}[\p{L}_-]*):(\d+(?:\.\d+)?[\p{L}%]*)$/u.exec(raw);
    if (keyed) {
      identifiers.push(keyed[1]!.toLowerCase());
      mask(match.index, match.index + keyed[1]!.length + 1);
      continue;
    }
    identifiers.push(raw.toLowerCase().replace(/[.:]+$/, ''));
    identifierDurations.push(...durationsInIdentifier(raw, match.index));
    // Keep the digits of a unit-suffixed number like "512MB", "500G" or "2.5s" as a quantity too.
    const suffix = /^\d+(?:\.\d+)?([a-z%]+)(?:\/s)?$/i.exec(raw)?.[1]?.toLowerCase();
    if (!(suffix && UNITS[suffix])) mask(match.index, match.index + raw.length);
  }

  const numberText = blank(text, spans);
  const quantities: Quantity[] = [];
  for (const match of numberText.matchAll(NUMBER_RE)) {
    let raw = match[0];
    let value = Number(raw.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    // "steps[2].id": the index of a JSON path counts nothing.
    if (/[\w\]]\[$/.test(numberText.slice(Math.max(0, match.index - 2), match.index)) && numberText[match.index + raw.length] === ']') continue;
    // "−4,415" with the typographic minus (U+2212) is negative, like "-4415". ("−3.8%" is a change,
    // which is compared by its size, as "-3.8%" is.)
    if (numberText[match.index - 1] === '\u2212' && /^\d/.test(raw) && !/^\s*%/.test(numberText.slice(match.index + raw.length))) value = -value;
    const magnitude = MAGNITUDE_AFTER_RE.exec(numberText.slice(match.index + raw.length, match.index + raw.length + 12));
    let magnitudeScale = 1;
    if (magnitude) {
      magnitudeScale = MAGNITUDES[magnitude[1]!.toLowerCase()]!;
      value *= magnitudeScale;
      raw += magnitude[0];
    }
    const after = numberText.slice(match.index + raw.length, match.index + raw.length + 14);
    const fieldKey = fieldKeyBefore(text, match.index);
    // A tagged line's row number ([tool=run_sql row=7]) counts lines; it measures nothing.
    if (fieldKey === 'row' && /\[[^\]]*$/.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
    // "19 GiB/s", "1.9GiB/s", "120 MB/s": bytes per second, a rate in bytes.
    const throughput = THROUGHPUT_AFTER_RE.exec(numberText.slice(match.index + raw.length, match.index + raw.length + 12));
    const byteUnit = throughput ? UNITS[throughput[1]!.toLowerCase()] : undefined;
    const rateMatch = byteUnit?.dimension === 'bytes' ? throughput : RATE_AFTER_RE.exec(numberText.slice(match.index + raw.length, match.index + raw.length + 32));
    if (rateMatch === throughput && byteUnit) value *= byteUnit.factor;
    const unitMatch = rateMatch ?? UNIT_AFTER_RE.exec(after);
    const unitWord = rateMatch ? '/s' : unitMatch?.[1]?.toLowerCase();
    // "$0.09 per GB", "3 per user": a price or a ratio, not a plain amount.
    // "2 GB per day" stays 2 GB (a daily amount): only a number without a unit becomes a ratio.
    const perMatch = rateMatch ? null : PER_UNIT_RE.exec(numberText.slice(match.index + raw.length, match.index + raw.length + 24));
    const perUnit = perMatch !== null && !UNITS[(perMatch[1] ?? '').toLowerCase()];
    // After a field value (`p99_ms=2340 rps=…`) a spaced word is the next field, not a unit.
    const spacedAfterField = fieldKey !== undefined && /^\s/.test(after);
    // "36.8 t of CO2" is tonnes: a one-letter size (500G, 1.2T) is glued to its number ("5 s" is seconds).
    const spacedLetter = unitWord !== undefined && GLUED_ONLY_UNITS.has(unitWord) && /^\s/.test(unitMatch?.[0] ?? '');
    const unit = perUnit ? PER_THING : unitWord !== undefined && !spacedAfterField && !spacedLetter ? UNITS[unitWord] : undefined;
    const fieldUnit = fieldKey ? fieldNameUnit(fieldKey) : undefined;
    // `diesel_kg_co2_per_litre=2.64`: a field named "… per <thing>" holds a ratio, not an amount
    // (`wal_mb_per_min=140` stays an amount in a minute: "140 MB a minute").
    const perField = fieldKey !== undefined && !fieldUnit && /(?:^|[_.-])per[_.-](?!(?:s|sec|second|min|minute|h|hr|hour|day|week|month|year)s?(?:$|[_.-]))\p{L}/u.test(fieldKey);
    const resolved = unit ?? fieldUnit ?? (perField ? PER_THING : undefined);
    const digits = match[0];
    const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
    quantities.push({
      value: resolved ? value * resolved.factor : value,
      dimension: resolved?.dimension ?? 'count',
      hasUnit: resolved !== undefined,
      decimals,
      // "1.2 million" is written to a step of 100,000.
      scale: (resolved?.factor ?? 1) * magnitudeScale,
      key: fieldKey ? fieldKeyWords(text, fieldKey, match.index, match.index + raw.length) : keyWordsAround(text, match.index, match.index + raw.length),
      raw: unitMatch && unit ? raw + unitMatch[0] : raw,
      start: match.index,
      qualifier: fieldKey ? undefined : qualifierBefore(text, match.index),
    });
  }
  mergeCompoundDurations(quantities, text);
  quantities.push(...identifierDurations);

  // A generic `value=` of an alert measures what its rule or metric names.
  const subject = fields.rule ?? fields.metric ?? fields.name;
  if (subject) {
    // … and in its unit: `metric=loki_received_mb_per_s value=27.9` is 27.9 MB/s.
    const subjectUnit = fieldNameUnit(subject);
    for (const quantity of quantities) {
      if (quantity.key.length !== 1 || !GENERIC_KEYS.has(quantity.key[0]!)) continue;
      quantity.key.push(...splitIdentifierWords(subject));
      if (subjectUnit && !quantity.hasUnit && quantity.dimension === 'count') {
        quantity.value *= subjectUnit.factor;
        quantity.dimension = subjectUnit.dimension;
        quantity.scale *= subjectUnit.factor;
        quantity.hasUnit = true;
      }
    }
  }

  // "one year", "an hour", "a minute and a half".
  let unitPhraseRead = false;
  for (const match of UNIT_WORD_HINT.test(text) ? text.matchAll(ONE_UNIT_RE) : NO_MATCHES) {
    // "a quarter of a minute" was read as a fraction of the unit.
    const fraction = fractions.length === 0 ? undefined : fractions[lastStartingBefore(fractions, match.index)];
    if (fraction !== undefined && match.index <= fraction.index + fraction[0].length + 6) continue;
    // "EUR 28 an hour", "3 a day": after an amount, "an hour" means per hour.
    // So are "41,200 log lines a second" and "412 port allocation errors a minute".
    // The amount is a number of its own (not the digit of "db-2" or "RESTORE-12"), and the words
    // between name what it counts ("log lines", "port allocation errors"), with no preposition or
    // verb that would make "an hour" a time span ("2 TB in about an hour", "errors for a minute").
    if (/^an?\s/i.test(match[0]) && PER_UNIT_AMOUNT_RE.test(text.slice(Math.max(0, match.index - 48), match.index))) continue;
    unitPhraseRead = true;
    const unit = UNITS[match[1]!.toLowerCase()]!;
    const half = /and\s+a\s+half$/i.test(match[0]);
    // "half an hour", "half a day".
    const halfOf = /\bhalf\s+$/i.test(text.slice(Math.max(0, match.index - 6), match.index));
    quantities.push({
      value: (half ? 1.5 : halfOf ? 0.5 : 1) * unit.factor,
      dimension: unit.dimension,
      hasUnit: true,
      decimals: half ? 1 : 0,
      scale: unit.factor,
      key: keyWordsBefore(text, match.index),
      raw: match[0],
      start: match.index,
      qualifier: qualifierBefore(text, match.index),
    });
  }

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
        key: keyWordsBefore(text, match.index),
        raw: match[0] + ofUnit[0],
        start: match.index,
        qualifier: qualifierBefore(text, match.index),
      });
      continue;
    }
    quantities.push({
      value: FRACTIONS[word]!,
      dimension: 'percent',
      hasUnit: true,
      decimals: 0,
      scale: 1,
      key: keyWordsAround(text, match.index, match.index + match[0].length),
      raw: match[0],
      start: match.index,
      qualifier: qualifierBefore(text, match.index) ?? 'approx',
    });
  }

  const words: string[] = [];
  const tokens: NameToken[] = [];
  let first = true;
  let lastCompound: { quantity: Quantity; end: number } | undefined;
  const camelParts: string[] = [];
  let lowerText: string | undefined;
  for (const match of text.matchAll(WORD_RE)) {
    const word = match[0].replace(/['’]s?$/, '');
    if (word.length === 0) continue;
    const isFirst = first || /[.!?:]\s*$/.test(text.slice(Math.max(0, match.index - 3), match.index));
    first = false;
    const fractionWord = inFraction(match.index);
    const lower = word.toLowerCase();
    const number = fractionWord ? undefined : WORD_NUMBERS[lower];
    // "zero" is a value ("went from zero to 412"); "none" is an absence, read as wording.
    if (number !== undefined && (number > 0 || word.toLowerCase() === 'zero')) {
      // "three minutes" is a duration like "3 minutes".
      // "three minutes", "three consecutive days", "three hours and twenty minutes".
      const following = /^(?:\s+|-)(?:([a-z]+)\s+)?([a-z]+)\b/i.exec(text.slice(match.index + match[0].length, match.index + match[0].length + 30));
      const unitWord = [following?.[1], following?.[2]].map((w) => w?.toLowerCase()).find((w) => w !== undefined && UNITS[w] !== undefined && !/^(?:s|b|g|t|h|us)$/.test(w));
      const unit = unitWord ? UNITS[unitWord] : undefined;
      if (lastCompound && lastCompound.end === match.index && unit && lastCompound.quantity.dimension === unit.dimension) {
        // "three hours and twenty minutes": one duration.
        lastCompound.quantity.value += number * unit.factor;
        lastCompound.quantity.scale = unit.factor;
        lastCompound.quantity.raw = text.slice(lastCompound.quantity.start, match.index + word.length + 1 + unitWord!.length);
        continue;
      }
      const quantity: Quantity = {
        value: number * (unit?.factor ?? 1),
        dimension: unit?.dimension ?? 'count',
        hasUnit: unit !== undefined,
        decimals: 0,
        scale: unit?.factor ?? 1,
        key: keyWordsBefore(text, match.index),
        raw: unit ? `${word} ${unitWord}` : word,
        start: match.index,
        qualifier: qualifierBefore(text, match.index),
      };
      quantities.push(quantity);
      if (unit) {
        const unitEnd = (lowerText ??= text.toLowerCase()).indexOf(unitWord!, match.index + word.length) + unitWord!.length;
        const joiner = /^\s+and\s+/i.exec(text.slice(unitEnd));
        lastCompound = joiner ? { quantity, end: unitEnd + joiner[0].length } : undefined;
      }
    }
    // Units, months and time zones are read as parts of quantities, dates and times instead; a
    // number word is its quantity; "th" of "27th" is the ordinal's suffix.
    const ordinalSuffix =
      (/^(?:st|nd|rd|th)$/.test(lower) && /\d/.test(text[match.index - 1] ?? '')) || (lower === 'half' && /\band\s+an?\s+$/i.test(text.slice(Math.max(0, match.index - 8), match.index)));
    const content =
      !fractionWord && !STOPWORDS.has(lower) && word.length >= 2 && !UNITS[lower] && !NOT_WORDS.has(lower) && number === undefined && !ordinalSuffix && !MAGNITUDES[lower] &&
      !(MONTHS.includes(lower.slice(0, 3)) && MONTH_NAME_RE.test(word));
    const stem = content ? canonicalStem(word) : undefined;
    if (stem) words.push(stem);
    // "OOMKilling", "ScalingReplicaSet": the parts are words too.
    // (After the text's own words, so the order of the words as written is kept.)
    if (content && /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u.test(word)) {
      for (const part of word.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u)) {
        if (part.length >= 2 && !isStopword(part)) camelParts.push(canonicalStem(part));
      }
    }
    tokens.push({ word, stem, isFirst, capital: /^\p{Lu}/u.test(word), start: match.index, end: match.index + match[0].length });
  }
  words.push(...camelParts);
  const nameGroups = groupNames(tokens, text);
  const names = nameGroups.flat();
  // Identifier parts are words too, so "CPU" in a claim meets `cpu_pct` in a row.
  for (const identifier of identifiers) {
    for (const part of splitIdentifierWords(identifier)) words.push(part);
  }
  // "six and a half minutes", "2 and a half hours": the whole number and its half, in the unit.
  // Each replaces what was read at its start; the replacements are made in one pass at the end (no splice per match).
  const halves: Quantity[] = [];
  const halfStarts = new Set<number>();
  for (const match of FRACTION_HINT.test(text) ? text.matchAll(AND_A_HALF_RE) : NO_MATCHES) {
    const number = /^\d+$/.test(match[1]!) ? Number(match[1]) : WORD_NUMBERS[match[1]!.toLowerCase()];
    const unit = UNITS[match[2]!.toLowerCase()];
    if (number === undefined || !unit) continue;
    halfStarts.add(match.index);
    halves.push({
      value: (number + 0.5) * unit.factor,
      dimension: unit.dimension,
      hasUnit: true,
      decimals: 1,
      scale: unit.factor,
      key: keyWordsBefore(text, match.index),
      raw: match[0],
      start: match.index,
      qualifier: qualifierBefore(text, match.index),
    });
    unitPhraseRead = true;
  }
  if (halves.length > 0) replaceQuantities(quantities, (q) => halfStarts.has(q.start), halves);
  // "one item in every 21", "1 in 30": a share of 1/N, as a percentage (21 is not a count of anything).
  // Matches never overlap, so each start is looked up once: the first figure read there is dropped.
  const shares: Quantity[] = [];
  const dropped = new Set<Quantity>();
  let firstAt: Map<number, Quantity> | undefined;
  for (const match of IN_HINT.test(text) ? text.matchAll(ONE_IN_RE) : NO_MATCHES) {
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
      key: keyWordsAround(text, match.index, match.index + match[0].length),
      raw: match[0],
      start: match.index,
      // A whole N stands for anything that rounds to it: 1 in 21 is 4.65%–4.88%.
      qualifier: 'approx',
    });
    unitPhraseRead = true;
  }
  if (shares.length > 0) replaceQuantities(quantities, (q) => dropped.has(q), shares);
  // "an hour and forty minutes": the two parts were read by different passes; in text order they join.
  if (unitPhraseRead) {
    quantities.sort((a, b) => a.start - b.start);
    mergeCompoundDurations(quantities, text);
  }
  return { words, names, nameGroups, identifiers, quantities, times, dates, fields };
}

interface NameToken {
  word: string;
  stem: string | undefined;
  isFirst: boolean;
  capital: boolean;
  start: number;
  end: number;
}

/** Lower-case words that join the parts of one name ("Bank of America", "Estadio de la Plata"). */
const NAME_CONNECTORS = new Set(['of', 'de', 'del', 'della', 'la', 'le', 'da', 'van', 'von', 'der', 'y', 'du', 'des', 'the']);

/**
 * Names: runs of capitalised words separated only by spaces (a comma or other punctuation ends
 * a name). A sentence's first word starts a name only when a capitalised word follows it.
 */
function groupNames(tokens: readonly NameToken[], text: string): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let lastEnd = -1;
  const close = (): void => {
    if (current.length > 0) groups.push(current);
    current = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const joined = lastEnd >= 0 && /^\s+$|^\s*-\s*$|^['’]s?\s+$/.test(text.slice(lastEnd, token.start));
    if (!joined) close();
    const next = tokens[i + 1];
    const nextJoins = next !== undefined && /^\s+$/.test(text.slice(token.end, next.start)) && next.capital;
    // A code in capitals opening a sentence as its label ("OT: 17.9% …") names something.
    if (token.capital && (!token.isFirst || nextJoins || (/^\p{Lu}{2,}$/u.test(token.word) && text[token.end] === ':'))) {
      if (token.stem) current.push(token.stem);
      lastEnd = token.end;
    } else if (current.length > 0 && NAME_CONNECTORS.has(token.word.toLowerCase()) && nextJoins) {
      lastEnd = token.end;
    } else {
      close();
      lastEnd = -1;
    }
  }
  close();
  return groups.filter((group) => group.length > 0);
}

/** Durations written inside an identifier: `pod_restarts_30m` measures over 30 minutes. */
function durationsInIdentifier(raw: string, start: number): Quantity[] {
  const out: Quantity[] = [];
  // Both patterns below need a digit.
  if (!/\d/.test(raw)) return out;
  for (const part of raw.matchAll(/(?<=^|[_.-])(\d+)(ms|s|m|min|h|d)(?=$|[_.-])/gi)) {
    const suffix = part[2]!.toLowerCase();
    const unit = UNITS[suffix === 'm' ? 'min' : suffix === 'd' ? 'day' : suffix]!;
    const key = splitIdentifierWords(raw.replace(part[0], ' '));
    out.push({ value: Number(part[1]) * unit.factor, dimension: unit.dimension, hasUnit: true, decimals: 0, scale: unit.factor, key, raw: part[0], start: start + part.index });
  }
  // A threshold in a rule name: `standard_daily_churn_above_0.3pct`, `error_rate_gt_5pct`.
  for (const part of raw.matchAll(/(?<=^|[_-])(\d+(?:\.\d+)?)(?:pct|percent)(?=$|[_.-])/gi)) {
    const digits = part[1]!;
    const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
    const key = splitIdentifierWords(raw.replace(part[0], ' '));
    out.push({ value: Number(digits), dimension: 'percent', hasUnit: true, decimals, scale: 1, key, raw: part[0], start: start + part.index });
  }
  return out;
}

/** `cpu_pct` → [cpu, percent]; `db-prod-1` → [databas, prod]. Digit-only parts are dropped. */
export function splitIdentifierWords(identifier: string): string[] {
  let parts = IDENTIFIER_WORDS.get(identifier);
  if (parts === undefined) {
    parts = identifierWords(identifier);
    // Logs repeat the same field names and hosts: a bounded cache saves most of the splitting.
    if (IDENTIFIER_WORDS.size > 50_000) IDENTIFIER_WORDS.clear();
    IDENTIFIER_WORDS.set(identifier, parts);
  }
  // A copy: callers extend the lists they get (a quantity's key).
  return parts.slice();
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

const QUALIFIERS: Array<[RegExp, NonNullable<Quantity['qualifier']>]> = [
  [/\b(?:about|around|approximately|approx\.?|roughly|nearly|almost|some|close to|just over|just under|an estimated|estimated)\s*[$€£]?$/i, 'approx'],
  [/(?:~|≈)\s*[$€£]?$/, 'approx'],
  [/\b(?:more than|over|above|at least|exceeding|greater than|upwards of|in excess of)\s*[$€£]?$/i, 'lower'],
  [/(?:>|>=|≥)\s*[$€£]?$/, 'lower'],
  [/\b(?:less than|fewer than|under|below|at most|up to|no more than|within)\s*[$€£]?$/i, 'upper'],
  // "as many as 50 jobs failed", "can name as many as 50 people": the count reaches 50.
  [/\b(?:as many as|as much as|as long as|as high as)\s*[$€£]?$/i, 'lower'],
  [/(?:<|<=|≤)\s*[$€£]?$/, 'upper'],
  [/\bby\s*[$€£]?$/i, 'delta'],
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

function qualifierBefore(text: string, index: number): Quantity['qualifier'] {
  const wide = text.slice(Math.max(0, index - 40), index);
  if (NEGATED_UPPER_RE.test(wide)) return 'upper';
  if (NEGATED_LOWER_RE.test(wide)) return 'lower';
  const before = text.slice(Math.max(0, index - 24), index);
  for (const [pattern, qualifier] of QUALIFIERS) if (pattern.test(before)) return qualifier;
  return undefined;
}

/** "1 minute 33 seconds" is one duration of 93 s. */
function mergeCompoundDurations(quantities: Quantity[], text: string): void {
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
function lastStartingBefore(matches: readonly RegExpMatchArray[], offset: number): number {
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

/** The key=value fields written in a text (lower-cased keys), in one linear pass. */
function fieldsIn(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
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

/** The text with the given spans replaced by spaces (offsets kept). */
function blank(text: string, spans: ReadonlyArray<[number, number]>): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of sorted) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    out += text.slice(at, from) + ' '.repeat(end - from);
    at = end;
  }
  return out + text.slice(at);
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function stripQuotes(value: string): string {
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  if (first !== 0x22 && first !== 0x27 && last !== 0x22 && last !== 0x27) return value;
  return value.replace(/^["']|["']$/g, '');
}

/**
 * The key right before a value within the 48 characters before it (`cpu_pct=`, `host: "`), read
 * backwards from the value: what /([A-Za-z_][\w.-]*)\s*[=:]\s*"?$/ finds in that window, without
 * trying the pattern at every position of it.
 */
function fieldKeyBefore(text: string, index: number): string | undefined {
  const from = Math.max(0, index - 48);
  let at = index;
  if (at > from && text.charCodeAt(at - 1) === 0x22) at--;
  while (at > from && SPACE_RE.test(text[at - 1]!)) at--;
  if (at <= from || (text[at - 1] !== '=' && text[at - 1] !== ':')) return undefined;
  at--;
  while (at > from && SPACE_RE.test(text[at - 1]!)) at--;
  const end = at;
  while (at > from && KEY_CHAR_RE.test(text[at - 1]!)) at--;
  for (let start = at; start < end; start++) if (KEY_START_RE.test(text[start]!)) return text.slice(start, end).toLowerCase();
  return undefined;
}

const SPACE_RE = /\s/;
const KEY_CHAR_RE = /[\w.-]/;

/**
 * The key of a field's value: its name, and in prose ("Migrated: 4,450 messages moved") also the
 * words that follow the number, which say what it counts.
 */
function fieldKeyWords(text: string, fieldKey: string, start: number, end: number): string[] {
  const key = splitIdentifierWords(fieldKey);
  const prose = /^[A-Z]?[a-z]+:\s$/.test(text.slice(Math.max(0, start - fieldKey.length - 2), start)) && /^\s+\p{L}{3,}/u.test(text.slice(end));
  return prose ? [...key, ...keyWordsAround(text, end, end, 0, 2)] : key;
}

function unitOfFieldName(name: string): string | undefined {
  let unit = FIELD_NAME_UNITS.get(name);
  if (unit === undefined) {
    unit = FIELD_UNIT_SUFFIXES.find(([pattern]) => pattern.test(name))?.[1] ?? '';
    if (FIELD_NAME_UNITS.size > 10_000) FIELD_NAME_UNITS.clear();
    FIELD_NAME_UNITS.set(name, unit);
  }
  return unit === '' ? undefined : unit;
}

/** Field name → its unit ('' for none), since every row of a log repeats the same names. */
const FIELD_NAME_UNITS = new Map<string, string>();

/** The unit a field name carries, resolved to its dimension and factor. */
function fieldNameUnit(name: string): { dimension: Dimension; factor: number } | undefined {
  const unit = unitOfFieldName(name);
  if (unit !== 'bytes/s') return unit ? UNITS[unit] : undefined;
  const size = /(?:^|[_.-])(kb|mb|gb|kib|mib|gib|bytes)[_.-]/.exec(name)?.[1];
  return { dimension: 'rate', factor: UNITS[size ?? 'bytes']?.factor ?? 1 };
}

function keyWordsBefore(text: string, index: number): string[] {
  return keyWordsAround(text, index, index);
}

/**
 * The content words around a number in prose: what it measures ("CPU usage reached 97%",
 * "611 active connections") — three before it and two after, within the clause.
 */
function keyWordsAround(text: string, start: number, end: number, before = 3, after = 2): string[] {
  const isKey = (word: string): boolean => {
    const lower = word.toLowerCase();
    return !STOPWORDS.has(lower) && word.length > 1 && !UNITS[lower];
  };
  // Identifiers (hosts, ids) say whose value it is, not what is measured: leave them out.
  const plain = (window: string): string[] => window.replace(/[\p{L}\p{N}]+(?:[-_.:/][\p{L}\p{N}]+)+/gu, ' ').match(WORD_RE) ?? [];
  const wordsBefore = plain(text.slice(Math.max(0, start - 60), start).split(/[,;(]/).pop() ?? '');
  const wordsAfter = plain(text.slice(end, end + 40).split(/[,;.)]/)[0] ?? '');
  return [...(before > 0 ? wordsBefore.filter(isKey).slice(-before) : []), ...wordsAfter.filter(isKey).slice(0, after)].map(canonicalStem);
}
