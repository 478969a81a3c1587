// Numbers of a text with their units (97.2%, 2.5 s, 512 MB, 1.2 million, 41,200 lines a second),
// what they measure and how they are meant; field values take the unit their field name carries.
import type { ReadingDetail } from './detail';
import { fieldKeyBefore } from './figure-context';
import { splitIdentifierWords } from './identifiers';
import type { Quantity } from './types';
import { CURRENCY_SIGNS, GENERIC_KEYS, GLUED_MAGNITUDES, GLUED_ONLY_UNITS, MAGNITUDES, SPACED_UNITS, UNITS, fieldNameUnit } from './vocabulary';
import { execAll } from './matches';

const MAGNITUDE_AFTER_RE = /^\s+(thousand|million|billion|trillion)\b/i;
const GLUED_MAGNITUDE_AFTER_RE = new RegExp(`^(${Object.keys(GLUED_MAGNITUDES).join('|')})\\b`, 'i');
// "1 850 mm", "20 000 kg": thousands grouped by spaces, read whole only before a unit (a phone
// number or a pair of settings, "300 100", stays two figures).
const UNIT_ALTERNATIVES = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map((unit) => unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
  .join('|');
const SPACED_THOUSANDS = String.raw`(?<![\p{L}\p{N}_.])[-+]?\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?![\p{N}.,])(?=[ \u00a0]?(?:${UNIT_ALTERNATIVES})(?![\p{L}\p{N}]))`;
const NUMBER_RE = new RegExp(`${SPACED_THOUSANDS}|(?<![\\p{L}\\p{N}_.])[-+]?\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|(?<![\\p{L}\\p{N}_.])[-+]?\\d+(?:\\.\\d+)?`, 'giu');
const THOUSANDS_SEPARATOR_RE = /[, \u00a0\u2009\u202f]/g;
const THROUGHPUT_AFTER_RE = /^\s?([kmgtp]i?b)\/s\b/i;
// "9,000 evictions per second", "41,200 log lines a second".
const RATE_AFTER_RE =
  /^\s?(?:(?!(?:and|or|but|with|to|of|in|for|on|at|from|after|before)\b)[\p{L}-]+\s+){0,2}(?:(?:per|\/)\s*(?:second|sec|s)\b|(?:a|each|every)\s+second\b(?=\s*(?:$|[.,;:)!?]|(?:on|in|at|for|during|while|until|from|since|throughout|across|over)\b)))/iu;
/** What every match of RATE_AFTER_RE holds ("per", "/" or "second", in any case): a cheap test first, most figures are no rate. */
const RATE_HINT = /per|\/|second/i;
const PER_UNIT_RE = /^\s?(?:([\p{L}%]+)\s+)?per\s+(\p{L}+)/u;
const PER_THING = { dimension: 'ratio' as const, factor: 1 };
const RATE_BASE_RE = /\bper\s$/i;
const PER_RATIO_DIMENSIONS = new Set(['mass', 'length']);
// A unit may follow on the next line of a wrapped paragraph or list item ("15–90\n  minutes").
// Cubic metres are written with their power ("m3", "m³"); a speed with its slash ("75 km/h", "5.0 m/s");
// a conductivity with its slash too ("27 µS/cm"), which tells it from a microsecond.
const UNIT_AFTER_RE = /^(?:[ \t]*\r?\n[ \t]*|[\s-])?(%|percent\b|req\/s\b|\/s\b|km\/h\b|m\/s\b|[µμum]s\/cm\b|°c\b|℃|m[3³](?![a-z0-9])|[a-zµ]{1,12}\b)/i;

/** The numbers of `numberText` (the text with its dates, times and identifiers blanked), in text order. */
export function readNumbers(text: string, numberText: string, detail: ReadingDetail): Quantity[] {
  const quantities: Quantity[] = [];
  for (const match of execAll(NUMBER_RE, numberText)) {
    let raw = match[0];
    let value = Number(/^[-+]?\d+(?:\.\d+)?$/.test(raw) ? raw : raw.replace(THOUSANDS_SEPARATOR_RE, ''));
    if (!Number.isFinite(value)) continue;
    // "steps[2].id": the index of a JSON path counts nothing.
    const previous = charAt(numberText, match.index - 1);
    // "2.2 per 1,000 delivered": the base of a rate is part of its unit, not a figure of its own.
    if (RATE_BASE_RE.test(numberText.slice(Math.max(0, match.index - 5), match.index)) && /^1(?:,?000)*0{0,2}$/.test(raw) && value >= 100) continue;
    if (previous === '[' && /[\w\]]\[$/.test(numberText.slice(Math.max(0, match.index - 2), match.index)) && charAt(numberText, match.index + raw.length) === ']') continue;
    // "the 2025/26 season": a span of two years names a period, not the figures 2025 and 26.
    if (inSeason(text, match.index, raw)) continue;
    // "−4,415" with the typographic minus (U+2212) is negative, like "-4415". ("−3.8%" is a change,
    // which is compared by its size, as "-3.8%" is.)
    if (previous === '\u2212' && /^\d/.test(raw) && !/^\s*%/.test(numberText.slice(match.index + raw.length))) value = -value;
    const end = match.index + raw.length;
    const magnitude = end < numberText.length && mayBeSpace(numberText.charCodeAt(end)) ? MAGNITUDE_AFTER_RE.exec(numberText.slice(match.index + raw.length, match.index + raw.length + 12)) : null;
    let magnitudeScale = 1;
    if (magnitude) {
      magnitudeScale = MAGNITUDES[magnitude[1]!.toLowerCase()]!;
      value *= magnitudeScale;
      raw += magnitude[0];
    } else if (CURRENCY_SIGNS.includes(charAt(numberText, match.index - 1))) {
      // "$1.47M", "€255k", "£2.3bn": a money amount with its magnitude glued on.
      const glued = GLUED_MAGNITUDE_AFTER_RE.exec(numberText.slice(end, end + 3));
      if (glued) {
        magnitudeScale = GLUED_MAGNITUDES[glued[1]!.toLowerCase()]!;
        value *= magnitudeScale;
        raw += glued[1];
      }
    }
    const after = numberText.slice(match.index + raw.length, match.index + raw.length + 14);
    const fieldKey = fieldKeyBefore(text, match.index);
    // A tagged line's row number ([tool=run_sql row=7]) counts lines; it measures nothing.
    if (fieldKey === 'row' && /\[[^\]]*$/.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
    // "19 GiB/s", "1.9GiB/s", "120 MB/s": bytes per second, a rate in bytes.
    const sizeWindow = numberText.slice(match.index + raw.length, match.index + raw.length + 12);
    const throughput = sizeWindow.includes('/') ? THROUGHPUT_AFTER_RE.exec(sizeWindow) : null;
    const byteUnit = throughput ? UNITS[throughput[1]!.toLowerCase()] : undefined;
    const rateWindow = byteUnit?.dimension === 'bytes' ? '' : numberText.slice(match.index + raw.length, match.index + raw.length + 32);
    const rateMatch = byteUnit?.dimension === 'bytes' ? throughput : RATE_HINT.test(rateWindow) ? RATE_AFTER_RE.exec(rateWindow) : null;
    if (rateMatch === throughput && byteUnit) value *= byteUnit.factor;
    const unitMatch = rateMatch ?? UNIT_AFTER_RE.exec(after);
    const unitWord = rateMatch ? '/s' : unitMatch?.[1]?.toLowerCase();
    // "$0.09 per GB", "3 per user": a price or a ratio, not a plain amount.
    // "2 GB per day" stays 2 GB (a daily amount): only a number without a unit becomes a ratio.
    const perWindow = rateMatch ? '' : numberText.slice(match.index + raw.length, match.index + raw.length + 24);
    const perMatch = perWindow.includes('per') ? PER_UNIT_RE.exec(perWindow) : null;
    // ("3.1 kg per litre": a mass or a length per a unit is a ratio too; "17.5 kg per hive" stays a mass.)
    const unitBeforePer = perMatch ? UNITS[(perMatch[1] ?? '').toLowerCase()] : undefined;
    const perUnit = perMatch !== null && (!unitBeforePer || (PER_RATIO_DIMENSIONS.has(unitBeforePer.dimension) && UNITS[perMatch[2]!.toLowerCase()] !== undefined));
    // After a field value (`p99_ms=2340 rps=…`) a spaced word is the next field, not a unit.
    // A colon is prose or YAML ("idle_timeout: 10 minutes"): a unit may follow it there.
    const spacedAfterField = fieldKey !== undefined && /^\s/.test(after) && !/:\s*"?$/.test(text.slice(Math.max(0, match.index - 3), match.index));
    // "36.8 t of CO2" is tonnes: a one-letter size (500G, 1.2T) is glued to its number ("5 s" is seconds).
    const spacedLetter = unitWord !== undefined && GLUED_ONLY_UNITS.has(unitWord) && /^\s/.test(unitMatch?.[0] ?? '');
    const unit = perUnit ? PER_THING : unitWord !== undefined && !spacedAfterField && !spacedLetter ? UNITS[unitWord] : undefined;
    const fieldUnit = fieldKey ? fieldNameUnit(fieldKey) : undefined;
    // `diesel_kg_co2_per_litre=2.64`: a field named "… per <thing>" holds a ratio, not an amount
    // (`wal_mb_per_min=140` stays an amount in a minute: "140 MB a minute").
    const perField = fieldKey !== undefined && !fieldUnit && namesPerThing(fieldKey);
    const resolved = unit ?? fieldUnit ?? (perField ? PER_THING : undefined);
    // ("20 t", in lower case: tonnes beside a mass; left as written beside a bare number.)
    const unreadUnit = spacedLetter && !resolved && unitMatch![1] === unitWord ? SPACED_UNITS[unitWord!] : undefined;
    const digits = match[0];
    const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
    quantities.push({
      value: resolved ? value * resolved.factor : value,
      dimension: resolved?.dimension ?? 'count',
      hasUnit: resolved !== undefined,
      decimals,
      // "1.2 million" is written to a step of 100,000.
      scale: (resolved?.factor ?? 1) * magnitudeScale,
      key: fieldKey ? detail.fieldKey(text, fieldKey, match.index, match.index + raw.length) : detail.keyAround(text, match.index, match.index + raw.length),
      raw: unitMatch && unit ? raw + unitMatch[0] : raw,
      start: match.index,
      qualifier: fieldKey ? undefined : detail.qualifier(text, match.index, match.index + (unitMatch && unit ? raw + unitMatch[0] : raw).length),
      ...(unreadUnit ? { unreadUnit } : {}),
    });
  }
  shareRangeUnits(quantities, numberText);
  return quantities;
}

const RANGE_GAP_RE = /^\s*(?:to|and|through|until|\u2013|\u2014|->|\u2192)\s*$|^-$/i;
const RANGE_START_RE = /\b(?:from|between)\s*(?:(?:about|around|roughly|approximately|nearly|almost|some|~)\s*)?$/i;

/**
 * "fell from 31.4 to 28.7 hours", "between 780 and 790 m³", "SP 4.2 -> 3.9 barg": a range or a change
 * writes its unit once, after its second figure; the first is in the same unit.
 */
function shareRangeUnits(quantities: Quantity[], numberText: string): void {
  for (let i = 1; i < quantities.length; i++) {
    const [first, second] = [quantities[i - 1]!, quantities[i]!];
    const gap = numberText.slice(first.start + first.raw.length, second.start);
    if (!RANGE_GAP_RE.test(gap)) continue;
    // "from … to …", "between … and …"; a dash alone ("9–10 GB"), or a hyphen between two glued numbers ("135-145 C"), is a range too.
    if (!/[\u2013\u2014\u2192]|->/.test(gap) && gap !== '-' && !RANGE_START_RE.test(numberText.slice(Math.max(0, first.start - 24), first.start))) continue;
    // "from roughly 243,000 to 407,000": the hedge is the whole range's.
    if (first.qualifier === 'approx' && second.qualifier === undefined) second.qualifier = 'approx';
    if (first.hasUnit || !second.hasUnit || /\b(?:thousand|million|billion|trillion)\b/i.test(second.raw)) continue;
    first.value *= second.scale;
    first.scale = second.scale;
    first.dimension = second.dimension;
    first.hasUnit = true;
  }
}

/** Whether the number at `at` is one of the two years of a season written "2025/26" or "2025/2026". */
function inSeason(text: string, at: number, raw: string): boolean {
  if (/^(?:19|20)\d{2}$/.test(raw)) {
    const next = /^\/(\d{2}|\d{4})(?!\d)/.exec(text.slice(at + 4, at + 10));
    return next !== null && Number(next[1]) % 100 === (Number(raw) + 1) % 100;
  }
  if (!/^\d{2}(?:\d{2})?$/.test(raw) || charAt(text, at - 1) !== '/') return false;
  const before = /(?<!\d)((?:19|20)\d{2})\/$/.exec(text.slice(Math.max(0, at - 6), at));
  return before !== null && Number(raw) % 100 === (Number(before[1]) + 1) % 100;
}

/** The character at `at`, or '' outside the text (read without an out-of-range access, which makes V8 drop its optimised code). */
function charAt(text: string, at: number): string {
  return at >= 0 && at < text.length ? text[at]! : '';
}

/**
 * Whether a character code may be whitespace (\s): any but the printable ASCII characters, which
 * never are. A cheap test before a pattern that needs a space there.
 */
function mayBeSpace(code: number): boolean {
  return !(code > 0x20 && code < 0x7f);
}

/** Field name → whether it names a ratio ("… per <thing>"), since every row repeats its names. */
const PER_THING_FIELDS = new Map<string, boolean>();

// `diesel_kg_co2_per_litre`, not `wal_mb_per_min` (an amount in a minute).
function namesPerThing(fieldKey: string): boolean {
  let per = PER_THING_FIELDS.get(fieldKey);
  if (per === undefined) {
    per = /(?:^|[_.-])per[_.-](?!(?:s|sec|second|min|minute|h|hr|hour|day|week|month|year)s?(?:$|[_.-]))\p{L}/u.test(fieldKey);
    if (PER_THING_FIELDS.size > 10_000) PER_THING_FIELDS.clear();
    PER_THING_FIELDS.set(fieldKey, per);
  }
  return per;
}

/** What a generic `value=` of an alert measures: its rule or metric (`rule=…`, `metric=…`, `name=…`). */
function genericSubject(fields: Record<string, string>): string | undefined {
  return fields.rule ?? fields.metric ?? fields.name;
}

/** Whether a text's fields name what its generic values measure. */
export function hasGenericSubject(fields: Record<string, string>): boolean {
  return Boolean(genericSubject(fields));
}

/** A generic `value=` of an alert measures what its rule or metric names, in its unit. */
export function measureGenericValues(quantities: readonly Quantity[], fields: Record<string, string>): void {
  const subject = genericSubject(fields);
  if (!subject) return;
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
