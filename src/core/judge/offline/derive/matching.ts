// Structural matching of a claim's values against evidence units: quantities (with units,
// rounding, approximations, bounds), clock times, dates, and simple arithmetic across units
// (a sum, a difference, a relative change) for claims that combine several figures.
import type { CalendarDate, ClockTime, IndexedItem, Quantity } from '../../../retrieval/index';
import { UNIT_KEY_PARTS } from '../vocabulary';

/** Whether an evidence quantity has the claimed value (bounds are checked by `satisfiesBound`). */
export function quantityMatches(claim: Quantity, evidence: Quantity): boolean {
  // "20 t" beside "20 000 kg": the unread letter is the unit of the other's dimension.
  if (claim.unreadUnit && evidence.hasUnit && evidence.dimension === claim.unreadUnit.dimension) return quantityMatches(withUnreadUnit(claim), evidence);
  if (evidence.unreadUnit && claim.hasUnit && claim.dimension === evidence.unreadUnit.dimension) return quantityMatches(claim, withUnreadUnit(evidence));
  if (!dimensionsCompatible(claim, evidence)) return false;
  // A bare field value is in the unit its field name implies (median_pick_min=36 for "36
  // minutes", latency=400 for "400 ms"): compare it with the number as the claim wrote it.
  if (inWrittenUnit(claim, evidence) && quantityMatches(writtenAs(claim), evidence)) return true;
  // And the other way: a bare number in the claim ("from 1,240 to 2,975" empty-station hours) is
  // the field's number as written (empty_station_hours=1240), not converted to seconds.
  if (!claim.hasUnit && evidence.hasUnit && evidence.scale !== 1 && claim.dimension === 'count' && evidence.dimension !== 'percent') {
    if (quantityMatches(claim, writtenAs(evidence))) return true;
  }
  // "81%" is stated by a ratio field `hit_ratio=0.81`.
  if (claim.dimension === 'percent' && !evidence.hasUnit && Math.abs(evidence.value) <= 1 && Math.abs(claim.value) > 1) {
    return quantityMatches({ ...claim, value: claim.value / 100, scale: claim.scale / 100 }, { ...evidence, dimension: 'percent', hasUnit: true });
  }
  const difference = Math.abs(claim.value - evidence.value);
  // Half a step of the last written digit in the written unit; the relative term absorbs
  // floating-point noise from conversion (2.14 s vs 2140 ms).
  let tolerance = 0.5 * 10 ** -claim.decimals * claim.scale + 1e-9 * Math.abs(evidence.value);
  // "about 104,000": within 5%. Bytes: GB and GiB are used loosely (50 GB for 51,200 MB).
  if (claim.qualifier === 'approx') tolerance = Math.max(tolerance, 0.05 * Math.abs(evidence.value));
  // Only across units, and only for decimal units (GB, MB), which people use loosely for binary
  // sizes: 50 GB may be 51,200 MB. A size written in GiB is exact: 3.9 GiB is not 4 GiB.
  const binary = [1024, 1024 ** 2, 1024 ** 3, 1024 ** 4].includes(claim.scale);
  if (claim.dimension === 'bytes' && evidence.dimension === 'bytes' && claim.scale !== evidence.scale && !binary) {
    tolerance = Math.max(tolerance, 0.03 * Math.abs(evidence.value));
    // GB and GiB, kB and KiB are used interchangeably: 5,347,560 kB is "5.1 GB".
    for (let power = -4; power <= 4; power++) {
      if (power !== 0 && Math.abs(claim.value * 1.024 ** power - evidence.value) <= 0.02 * Math.abs(evidence.value)) return true;
    }
  }
  // A one-letter size (-Xmx10g, 500G) is binary as often as not: 10 GiB is -Xmx10g.
  const letter = /\d\s?([kmgt])$/i.exec(evidence.raw.trim())?.[1]?.toLowerCase();
  if (binary && evidence.dimension === 'bytes' && letter) {
    const power = 'kmgt'.indexOf(letter) + 1;
    if (Math.abs(claim.value - (evidence.value / 1000 ** power) * 1024 ** power) <= tolerance) return true;
  }
  return difference <= tolerance;
}

/**
 * Whether a table cell's number, read as written, is the claimed figure in the unit the claim wrote
 * it in (14,377.9 MWh against a cell of 14377.9, not 1.4e10 Wh): within half its last digit, or
 * within `approxShare` of the value when the claim says "about" or states a change.
 */
export function writtenFigureIs(claim: Quantity, value: number, approxShare: number): boolean {
  const written = claim.value / (claim.scale || 1);
  const difference = Math.abs(value - written);
  const approximate = claim.qualifier === 'approx' || claim.qualifier === 'delta';
  return difference <= 0.5 * 10 ** -claim.decimals + 1e-9 * Math.abs(value) || (approximate && difference <= approxShare * Math.abs(value));
}

function inWrittenUnit(claim: Quantity, evidence: Quantity): boolean {
  return claim.hasUnit && !evidence.hasUnit && claim.scale !== 1 && claim.dimension !== 'percent' && claim.dimension !== 'ratio';
}

/** A figure read in the unit its unread letter means ("20 t" as 20,000 kg). */
function withUnreadUnit(quantity: Quantity): Quantity {
  const { dimension, factor } = quantity.unreadUnit!;
  return { ...quantity, value: quantity.value * factor, scale: quantity.scale * factor, dimension, hasUnit: true, unreadUnit: undefined };
}

/** The claim's number in the unit it was written in, as a bare number. */
function writtenAs(claim: Quantity): Quantity {
  return { ...claim, value: claim.value / claim.scale, scale: 1, hasUnit: false, dimension: 'count' };
}

/**
 * A number written without a unit meets the same number with one (cpu=97 for "97%"). A mass or a
 * length meets a ratio: a ratio is read without its numerator's unit (`donation_kg_per_store_min`
 * for "the 2,000 kg minimum").
 */
export function dimensionsCompatible(a: Quantity, b: Quantity): boolean {
  return a.dimension === b.dimension || !a.hasUnit || !b.hasUnit || perThingOf(a, b) || perThingOf(b, a);
}

const PER_THING_NUMERATORS = new Set(['mass', 'length']);

function perThingOf(ratio: Quantity, amount: Quantity): boolean {
  return ratio.dimension === 'ratio' && PER_THING_NUMERATORS.has(amount.dimension);
}

/** How far apart a wrong figure and the right one may be: a few times, or a slip of a power of ten (19 for 1.9 GiB/s). */
const MISTAKABLE_RATIO = 4;
/** A limit's value as the claim states it ("up to 20 refunds", "at most 4 runs"): a figure, though read as a bound. */
const STATED_LIMIT_RE = /\b(?:up to|at most|no more than|(?:a\s+)?maximum of)\s*[$€£]?$/i;

/**
 * Whether a record's figure could be the one a claim got wrong: none against a few, a value within
 * a few times of the claim's, one off by a power of ten, or a number within a few times of the
 * claim's in another unit (30 days for a TTL of 12 hours). A figure hundreds of times another of
 * the same words (12 against 822, 2,300 connections against a runbook's 40) is some other quantity
 * the alignment met, not the claim's mistaken: a wrong figure in a report is near the right one.
 * A comparison ("below 1%", "exceeded 19,000 t") says where values lie, not what one is: any may
 * belie it; a limit the claim states ("up to 20 refunds") is a figure like any other.
 */
export function mistakable(claim: Quantity, found: Quantity, claimText: string): boolean {
  if (claim.unreadUnit && found.hasUnit && found.dimension === claim.unreadUnit.dimension) return mistakable(withUnreadUnit(claim), found, claimText);
  if (isBound(claim) && !STATED_LIMIT_RE.test(claimText.slice(0, claim.start))) return true;
  if (claim.value === 0 || found.value === 0) return Math.max(Math.abs(claim.value), Math.abs(found.value)) <= 10;
  const apart = (a: number, b: number): number => Math.max(Math.abs(a), Math.abs(b)) / Math.min(Math.abs(a), Math.abs(b));
  const ratio = apart(claim.value, found.value);
  if (ratio <= MISTAKABLE_RATIO) return true;
  const decades = Math.log10(ratio);
  if (Math.abs(decades - Math.round(decades)) < Math.log10(1.05)) return true;
  return claim.scale !== found.scale && apart(claim.value / (claim.scale || 1), found.value / (found.scale || 1)) <= MISTAKABLE_RATIO;
}

/** Whether an evidence value lies on the claimed side of a bound ("above 20,000"). */
export function satisfiesBound(claim: Quantity, evidence: Quantity): boolean {
  if (!dimensionsCompatible(claim, evidence)) return false;
  // A threshold against a threshold ("replay once below 1,000" vs the runbook's "below 500"):
  // only the same one agrees.
  if (isBound(claim) && isBound(evidence)) return quantityMatches({ ...claim, qualifier: undefined }, { ...evidence, qualifier: undefined });
  // "below 1,000 messages" is not met by a duration of 300 s: a bare bound takes bare values.
  if (isBound(claim) && !claim.hasUnit && evidence.hasUnit) return false;
  // "up to 500 MB" against a stated limit ("up to 250 MB", max_file_mb=250) is a claim about the
  // limit: the two limits must be the same, a smaller one does not satisfy it.
  if (claim.qualifier === 'upper' && isLimit(evidence)) return quantityMatches({ ...claim, qualifier: undefined }, evidence);
  if (claim.qualifier === 'lower') return evidence.value > claim.value || quantityMatches({ ...claim, qualifier: undefined }, evidence);
  if (claim.qualifier === 'upper') return evidence.value < claim.value || quantityMatches({ ...claim, qualifier: undefined }, evidence);
  return quantityMatches(claim, evidence);
}

/**
 * The figures of the claimed measure that may decide a bound: for "up to 250 seats" against a
 * record stating the limit (max_seats=500), the limit alone, not another figure under it (min_seats=3).
 */
export function boundCandidates(claim: Quantity, figures: readonly Quantity[]): Quantity[] {
  const related = figures.filter((e) => sharesKey(claim, e));
  if (claim.qualifier !== 'upper') return related;
  const limits = related.filter((e) => isLimit(e));
  return limits.length > 0 ? limits : related;
}

/** A figure stated as a limit: "up to 3", "at most 3", or a field named max_…/…_limit/quota. */
export function isLimit(quantity: Quantity): boolean {
  return quantity.qualifier === 'upper' || quantity.key.some((word) => LIMIT_WORDS.has(word));
}

/** Words of a field's name that make it a limit (max_seats, subscriber_limit). */
export const LIMIT_WORDS: ReadonlySet<string> = new Set(['max', 'maximum', 'limit', 'quota', 'cap', 'ceil']);

export function isBound(quantity: Quantity): boolean {
  return quantity.qualifier === 'lower' || quantity.qualifier === 'upper';
}

/** Whether two quantities measure the same thing: their key words meet (`conn_active` ~ "active connections"). */
export function sharesKey(claim: Quantity, evidence: Quantity): boolean {
  if (evidence.key.length === 0 || claim.key.length === 0) return false;
  const claimKey = new Set(claim.key);
  return evidence.key.some((word) => claimKey.has(word) && !GENERIC_KEY_WORDS.has(word));
}

/** Key words that name no particular measure (`value`, `count`, `total`, `row`). */
export const GENERIC_KEY_WORDS = new Set(['valu', 'count', 'total', 'number', 'percent', 'row', 'id', 'line', 'at', 'back', 'still']);

/**
 * The same clock time as written, or the same moment in UTC when the claim gives its zone
 * ("09:00 CEST" is the record's 07:00:00Z, and its 09:00:00+02:00).
 */
export function timeMatches(claim: ClockTime, evidence: ClockTime): boolean {
  // A claim without seconds names the minute a record's time falls in, or the minute it rounds
  // to: 02:58:40 is reported as 02:58 or as 02:59.
  const minute = (s: number): number => Math.floor(s / 60);
  const rounded = (s: number): number => Math.round(s / 60) % (24 * 60);
  const same = (a: number, b: number): boolean => {
    if (claim.hasSeconds && evidence.hasSeconds) return a === b;
    if (minute(a) === minute(b)) return true;
    return !claim.hasSeconds && evidence.hasSeconds && minute(a) === rounded(b);
  };
  // Both give their zone ("09:15 UTC" against 09:15+01:00): the same moment, not the same clock reading.
  if (claim.utc !== undefined && evidence.utc !== undefined) return same(claim.utc, evidence.utc);
  if (same(claim.seconds, evidence.seconds)) return true;
  if (claim.utc === undefined || claim.utc === claim.seconds) return false;
  return same(claim.utc, evidence.utc ?? evidence.seconds);
}

/** A date matches when every part the claim gives (year, month, day) is the same. */
export function dateMatches(claim: CalendarDate, evidence: CalendarDate): boolean {
  if (claim.month !== evidence.month) return false;
  if (claim.day !== undefined && evidence.day !== undefined && claim.day !== evidence.day) return false;
  if (claim.day !== undefined && evidence.day === undefined) return false;
  if (claim.year !== undefined && evidence.year !== undefined && claim.year !== evidence.year) return false;
  return true;
}

/**
 * Units whose figures combine into the claimed one: a + b, a − b, a share (a / b, as a
 * percentage) or a relative change (b / a − 1, as a percentage) — "a 10% relative lift", "€8,800 more", "104,000 users in total".
 * Returns the two units, or undefined. Bounded: at most `limit` figures are paired.
 */
/**
 * The fields of the row a figure stands in. A tool result may hold several rows ("site=A
 * month=2026-09 … full_rejections=210; site=A month=2026-10 … full_rejections=265"): each row's
 * own `month` says which total its figure belongs to, not the first `month` of the record.
 */
function rowFields(unit: IndexedItem, quantity: Quantity): Record<string, string> {
  const text = unit.text;
  if (!text.includes(';')) return unit.features.fields;
  const from = text.lastIndexOf(';', quantity.start) + 1;
  const next = text.indexOf(';', quantity.start);
  const row = text.slice(from, next < 0 ? text.length : next);
  const fields: Record<string, string> = {};
  for (const match of row.matchAll(/\b([A-Za-z_][\w.]*)=([^\s;,]+)/g)) fields[match[1]!.toLowerCase()] ??= match[2]!;
  return Object.keys(fields).length > 0 ? fields : unit.features.fields;
}

/** How a claimed figure follows from evidence figures: the two units it comes from and the arithmetic, for the hover. */
export interface Derivation {
  units: [IndexedItem, IndexedItem];
  formula: string;
}

const show = (q: Quantity): string => q.raw.trim();

export function deriveQuantity(claim: Quantity, units: readonly IndexedItem[], limit = 40): Derivation | undefined {
  const figures: Array<{ quantity: Quantity; unit: IndexedItem }> = [];
  // One figure once: a JSON object and its field on the same line restate it (250 + 250 is not a total).
  const seen = new Set<string>();
  for (const unit of units) {
    for (const quantity of unit.features.quantities) {
      // Pairs are tried among the first `limit` figures, totals over up to five times as many.
      if (figures.length >= limit * 5) break;
      const id = `${unit.item.file}:${unit.item.line}:${quantity.dimension}:${quantity.value}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (quantity.value !== 0 && Number.isFinite(quantity.value)) figures.push({ quantity, unit });
    }
  }
  const approximate = claim.qualifier === 'approx' || claim.qualifier === 'delta';
  // Half the claim's last written digit, worked out once (`close` runs for every related pair).
  const halfStep = 0.5 * 10 ** -claim.decimals * claim.scale;
  const close = (value: number): boolean =>
    Math.abs(value - claim.value) <= halfStep + 1e-9 * Math.abs(value) ||
    (approximate && Math.abs(value - claim.value) <= 0.05 * Math.abs(value));
  // Two figures combine only when they measure the same thing (their keys meet), so unrelated
  // numbers do not add up by chance; the caller passes only units about the claim's entities.
  // (Two figures of one record meet by their unit too: planned_hours − run_hours.)
  const related = (a: Quantity, b: Quantity, sameRecord = false): boolean => a.dimension === b.dimension && keysMeet(a.key, b.key, sameRecord);
  const paired = Math.min(figures.length, limit);
  for (let i = 0; i < paired; i++) {
    for (let j = 0; j < paired; j++) {
      if (i === j) continue;
      const a = figures[i]!;
      const b = figures[j]!;
      // A share of a total ("4,105 of 18,240 showings, roughly 22.5%"): two figures of one
      // record (accepted=4105 shown=18240), or two of the same measure.
      if (
        claim.dimension === 'percent' &&
        !isBound(claim) &&
        claim.qualifier !== 'delta' &&
        a.quantity.dimension === b.quantity.dimension &&
        a.quantity.dimension !== 'percent' &&
        a.quantity.value > 0 &&
        a.quantity.value < b.quantity.value &&
        (a.unit === b.unit || related(a.quantity, b.quantity)) &&
        close((a.quantity.value / b.quantity.value) * 100)
      ) {
        return { units: [a.unit, b.unit], formula: `${show(claim)} = ${show(a.quantity)} / ${show(b.quantity)}` };
      }
      if (!related(a.quantity, b.quantity, a.unit === b.unit)) continue;
      const sameDimension = claim.dimension === a.quantity.dimension || !claim.hasUnit;
      // A change ("down by 23 days") is a difference, never a sum.
      if (sameDimension && i < j && claim.qualifier !== 'delta' && close(a.quantity.value + b.quantity.value)) return { units: [a.unit, b.unit], formula: `${show(claim)} = ${show(a.quantity)} + ${show(b.quantity)}` };
      if (sameDimension && close(a.quantity.value - b.quantity.value)) return { units: [a.unit, b.unit], formula: `${show(claim)} = ${show(a.quantity)} − ${show(b.quantity)}` };
      // A change is of one measure (revenue to revenue), never from a part to a whole (62 on-time departures to 120 departures).
      if (claim.dimension === 'percent' && sameKey(a.quantity.key, b.quantity.key) && close((b.quantity.value / a.quantity.value - 1) * 100)) return { units: [a.unit, b.unit], formula: `${show(claim)} = change from ${show(a.quantity)} to ${show(b.quantity)}` };
    }
  }
  // A total over a breakdown ("835 chargers" across vendors): the sum of every figure with the
  // same key and dimension, at least three of them.
  // A breakdown is usually one record (one query result); rows of several records come next.
  const groups = new Map<string, Array<{ quantity: Quantity; unit: IndexedItem }>>();
  // What each figure measures, its dimension and key words in order, worked out once (not per scope).
  const measures = figures.map(({ quantity }) => (quantity.key.length === 0 ? undefined : `${quantity.dimension}:${[...quantity.key].sort().join('+')}`));
  // Rows of a table that share a field value (month=2026-03) add up to that value's total.
  for (const scope of ['unit', 'all', 'field'] as const) {
    figures.forEach((figure, at) => {
      const measure = measures[at];
      if (measure === undefined) return;
      const scopes =
        scope === 'unit'
          ? [`${figure.unit.item.id}:`]
          : scope === 'all'
            ? ['']
            : Object.entries(rowFields(figure.unit, figure.quantity))
                .filter(([, value]) => !/^[-+]?[\d.,]+%?$/.test(value))
                .map(([field, value]) => `${field}=${value}:`);
      // Each group in place, in the order figures join it (a copy per figure made this quadratic).
      for (const prefix of scopes) {
        const group = groups.get(prefix + measure);
        if (group) group.push(figure);
        else groups.set(prefix + measure, [figure]);
      }
    });
  }
  for (const group of groups.values()) {
    if (group.length < 3) continue;
    const sameDimension = claim.dimension === group[0]!.quantity.dimension || !claim.hasUnit;
    if (sameDimension && close(group.reduce((sum, f) => sum + f.quantity.value, 0))) return { units: [group[0]!.unit, group.at(-1)!.unit], formula: `${show(claim)} = sum of ${group.length} figures` };
  }
  // A duration may be the time between two events ("the window lasted 42 minutes").
  if (claim.dimension === 'duration') {
    const moments: Array<{ seconds: number; unit: IndexedItem }> = [];
    // Times in a document are examples or rules ("a job scheduled for 02:30"), not moments that happened.
    for (const unit of units) {
      if (unit.item.kind === 'paragraph') continue;
      for (const time of unit.features.times) if (moments.length < limit) moments.push({ seconds: time.seconds, unit });
    }
    for (const a of moments) {
      for (const b of moments) {
        const span = b.seconds - a.seconds;
        if (span > 0 && (close(span) || (claim.qualifier !== undefined && Math.abs(span - claim.value) <= Math.max(60, 0.05 * span)))) return { units: [a.unit, b.unit], formula: `${show(claim)} = time between ${clock(a.seconds)} and ${clock(b.seconds)}` };
      }
    }
  }
  return undefined;
}

/**
 * Whether two keys share a word: not only a unit's name when both name their measure otherwise
 * (engine_cpu_pct and share_of_host_ops_pct are both percentages, not one measure; `hours=11.75`
 * is named by its unit alone), unless told units meet. Plain loops: run for every pair of figures tried.
 */
function keysMeet(a: readonly string[], b: readonly string[], unitsMeet = false): boolean {
  const unitsCount = unitsMeet || !namesMeasure(a) || !namesMeasure(b);
  for (let i = 0; i < a.length; i++) {
    if (!unitsCount && UNIT_KEY_PARTS.has(a[i]!)) continue;
    for (let j = 0; j < b.length; j++) if (a[i] === b[j]) return true;
  }
  return false;
}

/** Whether two keys hold the same words (a field's name read twice), in any order. */
function sameKey(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word) => b.includes(word));
}

/** Whether a key has a word that is not a unit's name. */
function namesMeasure(key: readonly string[]): boolean {
  for (let i = 0; i < key.length; i++) if (!UNIT_KEY_PARTS.has(key[i]!)) return true;
  return false;
}

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${s ? `:${String(Math.round(s)).padStart(2, '0')}` : ''}`;
}

/**
 * Whether an aggregate of cells is the figure. Cells are read as written, so the figure is compared
 * in the unit it was written in (MWh, not Wh); a count written with a magnitude word ("3.89
 * million bottles") is also compared whole, since a count column holds whole counts.
 */
export function aggregateIs(quantity: Quantity, value: number): boolean {
  return writtenFigureIs(quantity, value, 0.03) || (!quantity.hasUnit && quantity.scale !== 1 && writtenFigureIs(quantity, value / quantity.scale, 0.03));
}

/** Significant digits as written: 14,377.9 has 6, 0.05 has 1, "five" has none, "about 40%" 1. */
export function significantDigits(quantity: Quantity): number {
  const number = /\d[\d,]*(?:\.\d+)?/.exec(quantity.raw)?.[0] ?? '';
  let digits = number.replace(/[^\d]/g, '').replace(/^0+/, '');
  if (quantity.qualifier === 'approx' && !number.includes('.')) digits = digits.replace(/0+$/, '');
  return digits.length;
}
