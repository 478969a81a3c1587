// The words, units and names feature reading knows: stop words, synonyms and stems, units and
// the field-name suffixes that carry one, number words, months and time zones.
import { stemmer } from 'stemmer';
import type { Dimension } from './types';
import synonymTable from './synonyms.json';
import unitTable from './units.json';

export const STOPWORDS = new Set(
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

/** Words the Porter stemmer leaves apart that mean the same thing in reports and logs (synonyms.json). */
const SYNONYMS: Record<string, string> = Object.assign({}, ...synonymTable.groups.map((group) => group.words));

/** Stems a lower-case word and maps known variants onto one canonical stem. */
export function canonicalStem(word: string): string {
  // Most calls are for a word seen before, as written: found without lower-casing it again.
  const known = STEM_AS_WRITTEN.get(word);
  if (known !== undefined) return known;
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
  if (STEM_AS_WRITTEN.size > 50_000) STEM_AS_WRITTEN.clear();
  STEM_AS_WRITTEN.set(word, stem);
  return stem;
}

const STEM_CACHE = new Map<string, string>();
/** The same stems by the word as written (`CPU`, `cpu`, `Cpu` each once). */
const STEM_AS_WRITTEN = new Map<string, string>();

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** Units as written → their dimension and size in its base unit (ms → duration, 0.001 s); the table is units.json. */
export const UNITS: Record<string, { dimension: Dimension; factor: number }> = Object.fromEntries(
  Object.entries(unitTable.units).map(([unit, [dimension, factor]]) => [unit, { dimension: dimension as Dimension, factor: factor as number }]),
);

/** What a spaced letter left unread means beside a value of its dimension ("20 t" beside "20 000 kg"). */
export const SPACED_UNITS: Record<string, { dimension: Dimension; factor: number }> = Object.fromEntries(
  Object.entries(unitTable.spacedUnits).map(([unit, [dimension, factor]]) => [unit, { dimension: dimension as Dimension, factor: factor as number }]),
);

/** Field-name suffixes that carry a unit (`cpu_pct=97.2`, `p99_ms=840`, `net_mwh=14820`). */
const FIELD_UNIT_SUFFIXES: Array<[RegExp, string]> = unitTable.fieldSuffixes.map(([pattern, unit]) => [new RegExp(pattern!), unit!]);

/** Stemmed field keys that do not say what is measured (`value=`, `count=`): an alert's rule or metric does. */
export const GENERIC_KEYS = new Set(['valu', 'val', 'count', 'current', 'observ', 'threshold']);

/** Number words read as figures ("three minutes", "went from zero"). */
export const WORD_NUMBERS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100, twice: 2, none: 0, zero: 0,
};

/** The tens words ("twenty" … "ninety") and the units words that may follow one ("thirty-seven", "twenty one"). */
export const TENS_WORDS = Object.keys(WORD_NUMBERS).filter((word) => WORD_NUMBERS[word]! >= 20 && WORD_NUMBERS[word]! <= 90 && WORD_NUMBERS[word]! % 10 === 0);
export const UNIT_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
/** Words before "half" or "quarter" that make it a part of a span, not a share or a multiple ("the first half of 2025"). */
export const NOT_A_FRACTION_BEFORE = String.raw`(?<!\b(?:first|second|last|latter|former|other)\s+)`;

/** "1.2 million", "48.2 million objects", "3 thousand": the word scales the number before it. */
export const MAGNITUDES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
/** Signs of money before an amount, after which a glued letter is a magnitude ("$1.47M", "€255k", "£2.3bn"). */
export const CURRENCY_SIGNS = '$€£¥';
export const GLUED_MAGNITUDES: Record<string, number> = { k: 1e3, m: 1e6, mn: 1e6, b: 1e9, bn: 1e9 };
/** A fraction's word → the share it is, in percent. */
export const FRACTIONS: Record<string, number> = { quarter: 25, third: 100 / 3, half: 50, two: 200 / 3, three: 75 };

/** Units read only glued to their number: "500G", "14Gi" (a spaced "t" is tonnes, "5 mi" is miles). */
export const GLUED_ONLY_UNITS = new Set(['g', 't', 'ki', 'mi', 'gi', 'ti']);

/** Words that are parts of times and sizes (UTC, pm, GiB, CEST), never content words. */
export const NOT_WORDS = new Set(['utc', 'gmt', 'pm', 'am', 'gib', 'mib', 'kib', 'tib', 'cet', 'cest', 'bst', 'est', 'edt', 'cst', 'cdt', 'pst', 'pdt', 'eet', 'eest', 'jst']);
/** Offsets from UTC, in hours, of the zone abbreviations reports write after a time ("09:00 CEST"). */
export const ZONE_OFFSETS: Record<string, number> = { cet: 1, cest: 2, bst: 1, eet: 2, eest: 3, est: -5, edt: -4, cst: -6, cdt: -5, pst: -8, pdt: -7, jst: 9 };
export const MONTH_NAME_RE = /^(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)$/;
export const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function unitOfFieldName(name: string): string | undefined {
  let unit = FIELD_NAME_UNITS.get(name);
  if (unit === undefined) {
    unit = suffixUnit(name) ?? suffixUnit(name.replace(FIELD_QUALIFIER_RE, '')) ?? '';
    if (FIELD_NAME_UNITS.size > 10_000) FIELD_NAME_UNITS.clear();
    FIELD_NAME_UNITS.set(name, unit);
  }
  return unit === '' ? undefined : unit;
}

function suffixUnit(name: string): string | undefined {
  return FIELD_UNIT_SUFFIXES.find(([pattern]) => pattern.test(name))?.[1];
}

/** A word after a field's unit that says which value of the measure it holds (`rate_pct_above`, `temp_c_max`, `offset_ms_p95`). */
const FIELD_QUALIFIER_RE = new RegExp(`[_.-](?:${unitTable.fieldQualifiers.join('|')})$`);

/** Field name → its unit ('' for none), since every row of a log repeats the same names. */
const FIELD_NAME_UNITS = new Map<string, string>();

/** The unit a field name carries, resolved to its dimension and factor. */
export function fieldNameUnit(name: string): { dimension: Dimension; factor: number } | undefined {
  const unit = unitOfFieldName(name);
  if (unit !== 'bytes/s') return unit ? UNITS[unit] : undefined;
  const size = /(?:^|[_.-])(kb|mb|gb|kib|mib|gib|bytes)[_.-]/.exec(name)?.[1];
  return { dimension: 'rate', factor: UNITS[size ?? 'bytes']?.factor ?? 1 };
}

/** A word as the readers take it: a letter, then letters, marks and apostrophes. */
export const WORD_RE = /[\p{L}][\p{L}\p{M}'’]*/gu;
