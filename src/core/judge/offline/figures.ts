// Where a figure stands in a unit: the part of a record that belongs to the claim's entity or
// moment, figures written inside identifiers, dates and versions, and the rows of a series a
// total is summed over.
import { extractFeatures, type IndexedItem, type Quantity } from '../../retrieval/index';
import { GENERIC_KEY_WORDS, quantityMatches, timeMatches } from './derive/matching';
import { type ClaimView, fieldEntities, numberedIdentifiers, siblingRecord } from './claim-view';
import { periodKey, periodLabels, samePeriod } from './records/periods';
import { NUMBERED_ENTITY, mapMemberRange, measuredAsOwn } from './records/map-members';

/**
 * The figures a unit gives at the claim's time. A unit that lists a series ("03:30 lag=92000;
 * 03:40 lag=11000") gives at 03:40 only the figures written after 03:40 and before the next
 * time; any other unit, or a claim without one time, counts all its figures.
 */
export function quantitiesAt(view: ClaimView, unit: IndexedItem): Quantity[] {
  const range = anchoredSegment(view, unit);
  const all = range ? measuredAsOwn(unit, range, unit.features.quantities.filter((q) => q.start >= range[0] && q.start < range[1])) : unit.features.quantities;
  if (view.features.times.length !== 1 || unit.features.times.length < 2) return all;
  const times = [...unit.features.times].sort((a, b) => a.start - b.start);
  const at = times.findIndex((t) => timeMatches(view.features.times[0]!, t));
  if (at < 0) return all;
  const from = times[at]!.start;
  const to = times[at + 1]?.start ?? Number.POSITIVE_INFINITY;
  const segment = all.filter((q) => q.start > from && q.start < to);
  return segment.length > 0 ? segment : all;
}

/** A unit's entries (split at ';', line breaks and ' | ') and whether they list numbered entities. */
const SEGMENTS = new WeakMap<IndexedItem, { segments: Array<{ from: number; to: number; lower: string }>; listsEntities: boolean }>();

const ENTRIES = new WeakMap<IndexedItem, Array<{ from: number; to: number; label: string }>>();


// "Kestrel: chargers=…", "ASH 2026-Q2: sales_gbp=…" (a code and the period of its entry).
const ENTRY_LABEL = /(?<![\p{L}\p{N}])(\p{Lu}[\p{L}\p{N}_-]*(?: [\p{Lu}\p{N}][\p{L}\p{N}_-]*)*):\s+(?=[\p{L}_][\w.-]*=)/gu;

/**
 * A record listing several entities: "Kestrel: chargers=412 …; Ampero: chargers=268 …" (labelled
 * entries) or "E-217 … count=6412; E-104 … count=2250" (segments holding a numbered identifier).
 * When the claim's entity stands in exactly one entry, that entry's offsets: its figures are the
 * entity's, not the others'.
 */
export function anchoredSegment(view: ClaimView, unit: IndexedItem): [number, number] | undefined {
  if (unit.item.kind === 'paragraph') return undefined;
  const identifiers = numberedIdentifiers(view);
  if (identifiers.length > 0) {
    const member = mapMemberRange(unit, identifiers);
    if (member) return member;
    let split = SEGMENTS.get(unit);
    if (!split) {
      const segments: Array<{ from: number; to: number; lower: string }> = [];
      let from = 0;
      // Entries are split by ";", a line break, or " | " (`site=DC1 … | site=DC2 …`).
      for (const match of unit.text.matchAll(/;\s*|\n|\s+\|\s+/g)) {
        segments.push({ from, to: match.index, lower: unit.text.slice(from, match.index).toLowerCase() });
        from = match.index + match[0].length;
      }
      segments.push({ from, to: unit.text.length, lower: unit.text.slice(from).toLowerCase() });
      // Only a list of entities: at least two segments name a numbered entity of their own
      // ("E-217 … count=6412; E-104 … count=2250"), not "member gw-eu-3 drained; active members 5/6".
      // (A property of the unit alone: worked out once, not for every claim it is a candidate of.)
      split = { segments, listsEntities: segments.filter((segment) => NUMBERED_ENTITY.test(segment.lower)).length >= 2 };
      SEGMENTS.set(unit, split);
    }
    if (!split.listsEntities) return undefined;
    const segments = split.segments;
    const anchored = segments.filter((segment) => identifiers.some((id) => segment.lower.includes(id)));
    return anchored.length === 1 ? [anchored[0]!.from, anchored[0]!.to] : undefined;
  }
  let entries = ENTRIES.get(unit);
  if (!entries) {
    const labels = [...unit.text.matchAll(ENTRY_LABEL)];
    entries = labels.map((match, i) => ({
      from: match.index,
      to: labels[i + 1]?.index ?? unit.text.length,
      // The entity's words; a period beside it (2026-Q2) is not part of its name.
      label: extractFeatures(match[1]!.split(' ').filter((token) => !/\d/.test(token)).join(' ')).words.join(' '),
    }));
    ENTRIES.set(unit, entries);
  }
  if (entries.length < 2) return undefined;
  // A table cell names its entity in its row's label.
  const named = (word: string): boolean => view.words.has(word) || (view.context?.words.includes(word) ?? false);
  const anchored = entries.filter((entry) => entry.label !== '' && entry.label.split(' ').every(named));
  if (anchored.length === 0 || anchored.length === entries.length) return undefined;
  // Several entries of the one entity in a row (one per period) are its part of the record.
  const first = entries.indexOf(anchored[0]!);
  if (anchored.some((entry, i) => entries[first + i] !== entry)) return undefined;
  return [anchored[0]!.from, anchored.at(-1)!.to];
}

/** A bare year ("2006") is stated by a date in that year ("September 2006"). */
export function isYearOf(quantity: Quantity, unit: IndexedItem): boolean {
  if (quantity.hasUnit || !Number.isInteger(quantity.value) || quantity.value < 1000 || quantity.value > 2999) return false;
  // A date of that year, or a period code that starts with it (2025Q4, 2026-W15, 2024-07, 2025-H1).
  return unit.features.dates.some((d) => d.year === quantity.value) || periodCodeOf(quantity.value).test(unit.text);
}

const PERIOD_CODES = new Map<number, RegExp>();

/** A period code of a year, as records write it: 2025Q4, 2025-Q4, 2026-W15, 2024-07, 2025-H1. */
function periodCodeOf(year: number): RegExp {
  let code = PERIOD_CODES.get(year);
  if (code === undefined) PERIOD_CODES.set(year, (code = new RegExp(`(?<![\\d])${year}[-_ ]?(?:Q[1-4]|H[12]|W\\d{1,2}|(?:0[1-9]|1[0-2]))(?![\\d])`, 'i')));
  return code;
}

/** "quiver 3.0" names release 3.0.0 (or v3.0.2): a major.minor number is met by a version identifier under it. */
export function isVersionOf(quantity: Quantity, unit: IndexedItem): boolean {
  const raw = quantity.raw.trim();
  if (quantity.hasUnit || !/^\d+\.\d+$/.test(raw)) return false;
  for (const id of unit.identifierSet) if (id.replace(/^v/, '').startsWith(`${raw}.`)) return true;
  return false;
}

/** A code named by its number ("the 401 rate") is stated by an identifier holding it (`http_401_rate`). */
/** "Ring 2", "broker 4", "step 3": a number that labels the thing before it, written ring2-broad or broker-4 by records. */
export function isLabelOf(quantity: Quantity, text: string, unit: IndexedItem): boolean {
  if (quantity.hasUnit || !/^\d{1,2}$/.test(quantity.raw.trim())) return false;
  // "week 15", "weeks 36 to 39", "weeks 36, 37 and 38": each number a period the records write as a code (2026-W15, 2025Q4).
  const number = Number(quantity.raw.trim());
  for (const label of periodLabels(text)) {
    if (label.numbers.includes(number) && new RegExp(`(?<![\\p{L}\\p{N}])(?:\\d{4}[-_]?)?${label.letter}0?${number}(?![\\p{N}])`, 'iu').test(unit.text)) return true;
  }
  const noun = /(\p{L}{2,})\s+$/u.exec(text.slice(Math.max(0, quantity.start - 24), quantity.start))?.[1]?.toLowerCase();
  if (!noun) return false;
  const label = new RegExp(`(?:^|[^\\p{L}])${noun}[-_]?${quantity.raw.trim()}(?![\\p{N}])`, 'u');
  for (const id of unit.identifierSet) if (label.test(id)) return true;
  // "line 22" against L22, "pump 3" against P-03: a code of the noun's initial and the number, whole.
  const initialCode = new RegExp(`^${noun[0]}[-_]?0*${quantity.raw.trim()}$`, 'u');
  for (const id of unit.identifierSet) if (initialCode.test(id)) return true;
  // "week 42" against week=42: the field the noun names holds the number.
  for (const [key, value] of Object.entries(unit.item.fields)) if (value.trim() === quantity.raw.trim() && key.toLowerCase().split(/[_.\s-]+/).includes(noun)) return true;
  // "Step 2" names the entry a JSON path calls steps[2].
  return new RegExp(`(?:^|[^\\p{L}])${noun}s?\\[${quantity.raw.trim()}\\]`, 'iu').test(unit.text);
}

export function inIdentifier(quantity: Quantity, unit: IndexedItem): boolean {
  if (quantity.hasUnit || quantity.qualifier !== undefined || !/^\d{3,}$/.test(quantity.raw.trim())) return false;
  const digits = quantity.raw.trim();
  for (const id of unit.identifierSet) if (id.split(/[^\p{L}\p{N}]+/u).includes(digits)) return true;
  return false;
}

/** "NGRX 402117" against `car=NGRX402117`: a number after a code of capitals, written glued to it in the unit. */
export function isGluedCodeOf(quantity: Quantity, text: string, unit: IndexedItem): boolean {
  const glued = gluedCode(quantity, text);
  return glued !== null && unit.lowerText.includes(glued);
}

/** "class tracks 17–24" against "tracks 17-24 locked": a number of a range the unit writes with either dash. */
export function isRangeEndOf(quantity: Quantity, text: string, unit: IndexedItem): boolean {
  const range = rangePattern(quantity, text);
  return range !== null && range.test(unit.text);
}

// Worked out once per claim figure: the needs ask them of every candidate unit.
const GLUED_CODES = new WeakMap<Quantity, string | null>();
const RANGES = new WeakMap<Quantity, RegExp | null>();

function gluedCode(quantity: Quantity, text: string): string | null {
  let glued = GLUED_CODES.get(quantity);
  if (glued === undefined) {
    const code = quantity.hasUnit || !/^\d{3,}$/.test(quantity.raw.trim()) ? undefined : /(?<![\p{L}\p{N}])(\p{Lu}{2,6})\s$/u.exec(text.slice(Math.max(0, quantity.start - 8), quantity.start))?.[1];
    GLUED_CODES.set(quantity, (glued = code === undefined ? null : `${code.toLowerCase()}${quantity.raw.trim()}`));
  }
  return glued;
}

function rangePattern(quantity: Quantity, text: string): RegExp | null {
  let range = RANGES.get(quantity);
  if (range === undefined) {
    range = null;
    if (!quantity.hasUnit && /^\d+$/.test(quantity.raw.trim())) {
      const end = quantity.start + quantity.raw.length;
      const before = /(\d+)\s*[-–]\s*$/.exec(text.slice(Math.max(0, quantity.start - 12), quantity.start))?.[1];
      const after = /^\s*[-–]\s*(\d+)(?![\d.])/.exec(text.slice(end, end + 12))?.[1];
      const [from, to] = before !== undefined ? [before, quantity.raw.trim()] : after !== undefined ? [quantity.raw.trim(), after] : [];
      if (from !== undefined && to !== undefined) range = new RegExp(`(?<![\\d.])${from}\\s*[-–]\\s*${to}(?![\\d.])`);
    }
    RANGES.set(quantity, range);
  }
  return range;
}

/** An ordinal day ("through the 27th") is stated by a date on that day (2026-05-27). */
export function isDayOf(quantity: Quantity, text: string, unit: IndexedItem): boolean {
  if (quantity.hasUnit || !Number.isInteger(quantity.value) || quantity.value < 1 || quantity.value > 31) return false;
  if (!/^(?:st|nd|rd|th)\b/i.test(text.slice(quantity.start + quantity.raw.length))) return false;
  return unit.features.dates.some((d) => d.day === quantity.value);
}

/**
 * The candidates plus every other record of the same file holding the same measure: a total
 * over a breakdown ("33,890 messages across the five queues") needs all of its rows, and
 * retrieval returns only the best-matching few. Bounded, so a long log stays cheap.
 */
export function withSeries(view: ClaimView, quantity: Quantity, candidates: IndexedItem[], limit = 200): IndexedItem[] {
  const out = [...candidates];
  const seen = new Set(candidates);
  // A figure written without its measure nearby ("rose by 18%, to 102,325") is measured by the claim's words.
  const key = quantity.key.length > 0 ? quantity.key : [...view.words.keys()];
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const measure = unit.features.quantities.find((e) => e.dimension === quantity.dimension && e.key.some((k) => key.includes(k) && !GENERIC_KEY_WORDS.has(k)));
    if (!measure) continue;
    const word = measure.key.find((k) => key.includes(k) && !GENERIC_KEY_WORDS.has(k))!;
    // The rows of the claim's own entity when records name it in a field (far fewer than the measure's).
    const entities = fieldEntities(view);
    const positions = entities.length > 0 ? [...new Set(entities.flatMap(([id]) => view.index.itemsWith(`i:${id}`)))] : view.index.itemsWith(`w:${word}`);
    for (const position of positions) {
      const other = view.index.items[position]!;
      if (entities.length > 0 && !other.wordSet.has(word)) continue;
      if (seen.has(other) || other.item.file !== unit.item.file || other.item.kind !== unit.item.kind) continue;
      if (!other.features.quantities.some((e) => e.dimension === measure.dimension && e.key.join('+') === measure.key.join('+'))) continue;
      // A row of a sibling entity (acl=acl-shop-eu for a claim about acl-shop-us) is not in the claim's series.
      if (siblingRecord(view, other)) continue;
      seen.add(other);
      out.push(other);
      if (out.length >= limit) return out;
    }
    break;
  }
  return out;
}

/** "… 12 applications at about $1,800 each", "an average of 98 a week": a figure shared out per thing. */
const EACH_AFTER_RE = /^\s*(?:[\p{L}-]+\s+)?(?:each|apiece)\b/iu;
const AVERAGE_BEFORE_RE = /\b(?:an?\s+average\s+of|averaging|averaged|on\s+average)\s+(?:about\s+|around\s+|roughly\s+|some\s+)?[$€£]?$/i;

/**
 * Whether a figure follows from the claim's own other figures (with `before`, those of the sentence
 * it points back to): "8,975 MWh, 3.9% below its budget of
 * 9,340 MWh", "465 hours at EUR 31.50 an hour, about EUR 14,650", "238 … roughly 26 times the baseline of 9".
 */
export function fromClaimFigures(view: ClaimView, quantity: Quantity, before: readonly Quantity[] = []): boolean {
  // ("Five of the 40 spools (12.5%)": a count spelled out is written too, for a percentage only, which
  // seldom comes out of two counts by chance, as a sum or a difference does.)
  const spelled = (q: Quantity): boolean => quantity.dimension === 'percent' && q.value >= 2 && Number.isInteger(q.value) && /^\p{L}+$/u.test(q.raw.trim());
  const written = (q: Quantity): boolean => q !== quantity && q.value !== 0 && (/^[\d€$£]/.test(q.raw.trim()) || spelled(q));
  const own = view.features.quantities.filter(written);
  const others = [...own, ...before.filter((q) => written(q) && !own.some((o) => o.value === q.value && o.dimension === q.dimension))];
  if (others.length < 2 || others.length > 5) return false;
  const matches = (value: number): boolean => quantityMatches(quantity, { ...quantity, value, decimals: 6, qualifier: undefined, raw: '' });
  const after = view.claim.text.slice(quantity.start + quantity.raw.length);
  // "238 … against a usual 9, roughly 26 times the baseline": a multiple is a ratio of the two.
  const multiple = /^\s*(?:times|x\b|×|-?fold)/i.test(after);
  // "$21,614 over 12 applications, or about $1,800 per application": a figure per thing (or each,
  // or an average) is one of the claim's figures shared out over a count the claim gives.
  const perThing = quantity.dimension === 'ratio' || EACH_AFTER_RE.test(after) || AVERAGE_BEFORE_RE.test(view.claim.text.slice(0, quantity.start));
  // "improved by four points, from 88.0% to 92.0%": points are the gap between two percentages.
  const points = /^\s*(?:percentage\s+)?(?:points?|pts?|pp)\b/i.test(after);
  for (const a of others) {
    for (const b of others) {
      if (a === b) continue;
      if (points && a.dimension === 'percent' && b.dimension === 'percent' && a.value > b.value && matches(a.value - b.value)) return true;
      if (perThing && b.dimension === 'count' && !b.hasUnit && Number.isInteger(b.value) && b.value >= 2 && a.value > b.value && matches(a.value / b.value)) return true;
      if (multiple) {
        if (a.dimension === b.dimension && a.value > b.value && matches(a.value / b.value)) return true;
        continue;
      }
      if (quantity.dimension === 'percent') {
        // A change ("a 53% reduction", "down by 12%") is never the share of one figure in the other.
        const share = quantity.qualifier !== 'delta' && a.value < b.value && matches((a.value / b.value) * 100);
        if (a.dimension === b.dimension && (matches(Math.abs(b.value / a.value - 1) * 100) || share)) return true;
        continue;
      }
      if (matches(a.value * b.value)) return true;
      if (a.dimension === b.dimension && a.dimension === quantity.dimension && (matches(a.value + b.value) || matches(Math.abs(a.value - b.value)))) return true;
    }
  }
  return false;
}

/**
 * The numbered label written right after a figure ("3,300 units in week 11", "the 1,049.9 mbf of
 * week 41"): its noun and number, when no other figure stands between them; else the one numbered
 * period the claim opens with ("Week 12 was …, with 348 pallets"). A record with a field of that
 * noun holding another number (week=10), or another period of its kind, is not the figure's.
 */
export function labelOfFigure(view: ClaimView, quantity: Quantity): { noun: string; value: string } | undefined {
  const after = view.claim.text.slice(quantity.start + quantity.raw.length);
  const match = /^\s*(?:[\p{L}-]+\s+){0,3}?(?:in|for|of|during|on|at)\s+(?:the\s+)?(\p{L}{3,})\s+(\d{1,4})(?!\d|\.\d)/u.exec(after);
  if (match && !/\d/.test(match[0].slice(0, match[0].length - match[2]!.length - match[1]!.length - 1))) return { noun: match[1]!.toLowerCase(), value: match[2]! };
  const opening = openingPeriod(view.claim.text);
  return opening && opening.end <= quantity.start ? { noun: opening.noun, value: opening.value } : undefined;
}

/**
 * "Week 12 was the busiest week, with 348 pallets": the numbered period a claim opens with, when it
 * names no other, which labels every figure after it; `end` is where its name ends.
 */
export function openingPeriod(text: string): { noun: string; value: string; end: number } | undefined {
  const subject = /^(?:in\s+)?(\p{L}{3,})\s+(\d{1,2})\b(?![.,:]\d)/iu.exec(text);
  if (!subject || periodKey(`${subject[1]} ${subject[2]}`) === undefined) return undefined;
  if ([...text.matchAll(/\b(\p{L}{3,})\s+\d{1,2}\b/giu)].filter((m) => periodKey(m[0]) !== undefined).length > 1) return undefined;
  return { noun: subject[1]!.toLowerCase(), value: subject[2]!, end: subject.index + subject[0].length };
}

/**
 * Whether a record labels itself otherwise than the figure's label: a field of the label's noun
 * with another number, or a period of the label's kind that is another one (week=2025-W13 for "week 12").
 */
export function otherLabel(unit: IndexedItem, label: { noun: string; value: string }): boolean {
  const period = periodKey(`${label.noun} ${label.value}`);
  return Object.entries(unit.item.fields).some(([key, value]) => {
    if (/^\d{1,4}$/.test(value.trim())) return value.trim() !== label.value && key.toLowerCase().split(/[_.\s-]+/).includes(label.noun);
    const other = period === undefined ? undefined : periodKey(value);
    return other !== undefined && other.kind === period!.kind && !samePeriod(period!, other);
  });
}

/** A figure written as one half of a slash-joined pair ("24/7", "23/24"): no value of its own. */
export function slashPaired(text: string, figure: Quantity): boolean {
  const end = figure.start + figure.raw.length;
  return /\d\/$/.test(text.slice(Math.max(0, figure.start - 2), figure.start)) || /^\/\d/.test(text.slice(end, end + 2));
}
