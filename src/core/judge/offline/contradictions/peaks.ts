// A peak the readings go past: "CPU on seatlock-redis-1 peaked at 97%" while the entity's series
// of that measure reaches 99. The series is every record of one file that names the claim's
// entities and gives the measure (a field whose name shares a word with the figure's); the peak
// claimed must be its highest value (its lowest for "bottomed out at"). Wording is data
// (vocabulary/peaks.json).
import { canonicalStem, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, sharedKeyWords } from '../claim-view';
import { dimensionsCompatible, isBound, isLimit, quantityMatches, timeMatches } from '../derive/matching';
import { numericValue } from '../records/tables';
import { THRESHOLD_WORDS, escapePhrase } from '../vocabulary';
import peaks from '../vocabulary/peaks.json';

const phrases = (list: readonly string[]): RegExp => new RegExp(`\\b(?:${[...list].sort((a, b) => b.length - a.length).map(escapePhrase).join('|')})\\s+(?:(?:about|around|roughly|nearly|almost|some|just\\s+(?:over|under))\\s+)?$`, 'i');
const MAX_RE = phrases(peaks.max);
const MIN_RE = phrases(peaks.min);

/** A window the claim names ("between 02:00 and 02:30", "in the 14:10–14:20 window"): its peak is of part of the series. */
const WINDOW_RE = /\b(?:between|from)\b[^.;]*\b(?:and|to|until)\b|\bwindow\b|\d\s*[–-]\s*\d/i;
/** Fewer readings than this are no series to peak over. */
const MIN_SERIES = 3;

export function contradictPeak(view: ClaimView): ClaimVerdict | undefined {
  const text = view.claim.text;
  if (WINDOW_RE.test(text)) return undefined;
  const entities = view.features.identifiers;
  // "the module 9 probe": a numbered label a record gives as a field (module=9) names the entity
  // too. Looked up (over every record) only for a claim worded as a peak or a low.
  let labels: Array<[string, string]> | undefined;
  for (const quantity of view.features.quantities) {
    const before = text.slice(Math.max(0, quantity.start - 40), quantity.start);
    const order = MAX_RE.test(before) ? 'max' : MIN_RE.test(before) ? 'min' : undefined;
    if (!order) continue;
    labels ??= numberedLabels(view);
    if (entities.length === 0 && labels.length === 0) return undefined;
    const series = seriesOf(view, quantity, entities, labels);
    if (series.length < MIN_SERIES) {
      const swapped = swappedPeak(view, quantity, order, entities, labels);
      if (swapped) return swapped;
      continue;
    }
    const extreme = series.reduce((a, b) => ((order === 'max' ? b.figure.value > a.figure.value : b.figure.value < a.figure.value) ? b : a));
    if (quantityMatches(quantity, extreme.figure)) continue;
    // A claimed peak the readings never reach is another check's (a figure not in the evidence),
    // unless it is another member's reading of the measure (below); here, a series going past it.
    if (order === 'max' ? extreme.figure.value <= quantity.value : extreme.figure.value >= quantity.value) {
      const swapped = swappedPeak(view, quantity, order, entities, labels);
      if (swapped) return swapped;
      continue;
    }
    // The field as the record writes it (engine_cpu_pct), else the measure's words.
    const field = Object.entries(extreme.unit.item.fields).find(([, value]) => value === extreme.figure.raw.trim())?.[0] ?? extreme.figure.key.join(' ');
    return contradicted(extreme.unit, `claim says ${order === 'max' ? 'a peak' : 'a low'} of ${quantity.raw.trim()}, ${extreme.unit.item.id} gives ${extreme.figure.raw.trim()}, the ${order === 'max' ? 'highest' : 'lowest'} ${field} of ${series.length} readings`);
  }
  return undefined;
}

/** The readings of the figure's measure in the records naming every one of the claim's entities, from the file that holds most of them. */
function seriesOf(view: ClaimView, quantity: Quantity, entities: readonly string[], labels: ReadonlyArray<[string, string]>): Array<{ unit: IndexedItem; figure: Quantity }> {
  const named = new Map<string, Series>();
  const unnamed = new Map<string, Series>();
  for (const unit of view.index.items) {
    // Records of readings: a document's fields (a plan's "rollback above 400 ms for 10 minutes") are not a series.
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.item.kind === 'json_field') continue;
    if (!entities.every((id) => hasIdentifier(unit, id)) || !labels.every(([field, value]) => unit.item.fields[field] === value)) continue;
    // Readings only: a limit or a threshold (max_latency_ms, "rollback above 400 ms") is no reading.
    const readings = unit.features.quantities.filter((e) => dimensionsCompatible(quantity, e) && e.key.length > 0 && !isBound(e) && !isLimit(e) && !e.key.some((word) => THRESHOLD_WORDS.has(word)));
    const figures = readings.filter((e) => sharedKeyWords(quantity, e) > 0);
    if (figures.length > 0) {
      const figure = figures.reduce((a, b) => (sharedKeyWords(quantity, b) > sharedKeyWords(quantity, a) ? b : a));
      add(named, unit, figure);
    }
    // Readings in the claim's unit under any name, one series per field, for a claim that names no measure.
    for (const e of readings) if (quantity.hasUnit && e.hasUnit && e.dimension === quantity.dimension) add(unnamed, unit, e);
  }
  if (named.size > 0) return [...named.values()].reduce<Series>((a, b) => (b.length > a.length ? b : a), []);
  // "C4 reached a low of 15.3 °C" beside air_c and pipe_c: the measure is the one field whose
  // readings of the entity span the claimed value; none or several leave the claim alone.
  const spanning = [...unnamed.values()].filter((series) => series.length >= MIN_SERIES && spans(series, quantity.value));
  return spanning.length === 1 ? spanning[0]! : [];
}

/**
 * A peak put on the wrong member: "ams2 … also peaking at 2.9%" while ams2's rebuffer_pct never
 * goes above 1.4 and fra1's reaches 2.9. The claimed figure lies beyond every reading of a measure
 * (a field sharing a word with the figure's, else one in its unit) in the records naming the
 * claim's entities, three or more of them; a record of that file and measure about another member
 * (the field that names the claim's entity, holding another value) gives it exactly. A peak
 * nobody's records give is not in evidence, not contradicted.
 */
function swappedPeak(view: ClaimView, quantity: Quantity, order: 'max' | 'min', entities: readonly string[], labels: ReadonlyArray<[string, string]>): ClaimVerdict | undefined {
  const { own, others } = readingsByMember(view, entities, labels);
  // Readings of the figure's kind: a bare figure is compared with bare ones or any unit's; one with a unit, with that unit's.
  const fits = (e: Quantity): boolean => dimensionsCompatible(quantity, e) && (!quantity.hasUnit || (e.hasUnit && e.dimension === quantity.dimension));
  const beyond = (series: Series): boolean => series.every((point) => !quantityMatches(quantity, point.figure) && (order === 'max' ? point.figure.value < quantity.value : point.figure.value > quantity.value));
  // (The same figure to its written precision, and the same magnitude; a bare figure is no reading
  // in a unit: "about €21,000" is not 21.9 km.)
  const gives = (point: Series[number]): boolean => (quantity.hasUnit || !point.figure.hasUnit) && quantityMatches(quantity, point.figure) && Math.abs(quantity.value - point.figure.value) <= 0.05 * Math.max(Math.abs(quantity.value), Math.abs(point.figure.value));
  const swaps: Array<{ series: Series; owner: Series[number] }> = [];
  for (const [name, readings] of own) {
    const series = readings.filter((point) => fits(point.figure));
    const owner = (others.get(name) ?? []).find((point) => fits(point.figure) && gives(point));
    if (series.length >= MIN_SERIES && beyond(series) && owner) swaps.push({ series, owner });
  }
  const named = swaps.filter(({ series }) => sharedKeyWords(quantity, series[0]!.figure) > 0);
  const chosen = named.length > 0 ? named : swaps;
  if (chosen.length !== 1) return undefined;
  const { series, owner } = chosen[0]!;
  const extreme = series.reduce((a, b) => ((order === 'max' ? b.figure.value > a.figure.value : b.figure.value < a.figure.value) ? b : a));
  const field = Object.entries(extreme.unit.item.fields).find(([, value]) => value === extreme.figure.raw.trim())?.[0] ?? extreme.figure.key.join(' ');
  return contradicted(extreme.unit, `claim says ${order === 'max' ? 'a peak' : 'a low'} of ${quantity.raw.trim()}, ${extreme.unit.item.id} gives ${extreme.figure.raw.trim()}, the ${order === 'max' ? 'highest' : 'lowest'} ${field} of ${series.length} readings; ${owner.figure.raw.trim()} is another record's (${owner.unit.item.id})`);
}

type Series = Array<{ unit: IndexedItem; figure: Quantity }>;

/** Adds a reading to the series of its file and measure. */
function add(series: Map<string, Series>, unit: IndexedItem, figure: Quantity): void {
  const name = `${unit.item.file}\u0000${[...figure.key].sort().join('+')}`;
  const list = series.get(name);
  if (list) list.push({ unit, figure });
  else series.set(name, [{ unit, figure }]);
}

/** Whether a value lies between a series' lowest and highest readings. */
function spans(series: Series, value: number): boolean {
  const values = series.map((point) => point.figure.value);
  return Math.min(...values) <= value && value <= Math.max(...values);
}

/** The claim's numbered labels ("module 9") that some record gives as a field (module=9). */
function numberedLabels(view: ClaimView): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const m of view.claim.text.matchAll(/\b(\p{Ll}{3,})\s+(\d{1,4})\b/gu)) {
    const [field, value] = [m[1]!, m[2]!];
    if (view.index.items.some((unit) => unit.item.fields[field] === value)) found.push([field, value]);
  }
  return found;
}

/** Every record's readings of a measure, by file and measure, in the index's order: read once per index. */
const READINGS = new WeakMap<ClaimView['index'], Map<string, Series>>();
function readingsOf(view: ClaimView): Map<string, Series> {
  let readings = READINGS.get(view.index);
  if (readings) return readings;
  readings = new Map();
  for (const unit of view.index.items) {
    // Records of readings: a document's figures are settings and rules, not a member's readings.
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.item.kind === 'json_field') continue;
    for (const e of unit.features.quantities) {
      if (e.key.length === 0 || isBound(e) || isLimit(e) || e.key.some((word) => THRESHOLD_WORDS.has(word))) continue;
      add(readings, unit, e);
    }
  }
  READINGS.set(view.index, readings);
  return readings;
}

/**
 * The readings in the records naming the entities (and the labels' fields), by measure; and, for
 * those measures, the readings in other members' records.
 */
function readingsByMember(view: ClaimView, entities: readonly string[], labels: ReadonlyArray<[string, string]>): { own: Map<string, Series>; others: Map<string, Series> } {
  const mine = (unit: IndexedItem): boolean => entities.every((id) => hasIdentifier(unit, id)) && labels.every(([field, value]) => unit.item.fields[field] === value);
  const own = new Map<string, Series>();
  const others = new Map<string, Series>();
  for (const [name, series] of readingsOf(view)) {
    const points = series.filter((point) => mine(point.unit));
    if (points.length === 0) continue;
    own.set(name, points);
    others.set(name, series.filter((point) => !mine(point.unit) && entities.some((id) => memberFieldOf(point.unit, id, view) !== undefined)));
  }
  return { own, others };
}

/**
 * The field by which a record names another member than `id`: the field whose value names `id`
 * in some record naming it (pop=ams2), holding another value here (pop=fra1).
 */
function memberFieldOf(unit: IndexedItem, id: string, view: ClaimView): string | undefined {
  if (hasIdentifier(unit, id)) return undefined;
  for (const field of memberFields(view, id)) {
    const value = unit.item.fields[field];
    if (value !== undefined && value !== '') return field;
  }
  return undefined;
}

/** The fields whose value is `id` in some record, per index and entity. */
const MEMBER_FIELDS = new WeakMap<ClaimView['index'], Map<string, string[]>>();
function memberFields(view: ClaimView, id: string): string[] {
  let byId = MEMBER_FIELDS.get(view.index);
  if (!byId) MEMBER_FIELDS.set(view.index, (byId = new Map()));
  let fields = byId.get(id);
  if (!fields) {
    const found = new Set<string>();
    for (const unit of view.index.items) {
      if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
      for (const [field, value] of Object.entries(unit.item.fields)) if (value.toLowerCase() === id) found.add(field);
    }
    byId.set(id, (fields = [...found]));
  }
  return fields;
}

const PEAK_AT_RE = new RegExp(`\\b(?:${[...peaks.max, ...peaks.min].sort((a, b) => b.length - a.length).map(escapePhrase).join('|')})\\s+(?:about\\s+|around\\s+)?$`, 'i');
const MIN_AT_RE = new RegExp(`\\b(?:${peaks.min.map(escapePhrase).join('|')})\\s+(?:about\\s+|around\\s+)?$`, 'i');

/**
 * When a series peaked: "the backlog peaked at 09:50" while queue_depth is highest at 09:45
 * (18,420) and lower at 09:50 (18,310). The measure is the one numeric field of timed records
 * whose name the claim words (backlog is a depth), over the records naming the claim's entities,
 * one series of them; the claimed time must be when it is highest (lowest for a low).
 */
export function contradictPeakMoment(view: ClaimView): ClaimVerdict | undefined {
  const text = view.claim.text;
  if (WINDOW_RE.test(text) || view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const time = view.features.times.find((t) => PEAK_AT_RE.test(text.slice(Math.max(0, t.start - 40), t.start)));
  if (!time) return undefined;
  const low = MIN_AT_RE.test(text.slice(Math.max(0, time.start - 40), time.start));
  const words = new Set(view.words.keys());
  // The entities the peak is of: those named before it ("…, two minutes before the switch to vidstore-3" names another).
  const lower = text.toLowerCase();
  const entities = view.features.identifiers.filter((id) => {
    const at = lower.indexOf(id.toLowerCase());
    return at >= 0 && at < time.start;
  });
  const series = new Map<string, Array<{ unit: IndexedItem; value: number }>>();
  for (const unit of view.index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.item.kind === 'json_field' || unit.features.times.length === 0) continue;
    if (!entities.every((id) => hasIdentifier(unit, id))) continue;
    for (const [key, raw] of Object.entries(unit.item.fields)) {
      const value = numericValue(raw);
      if (value === undefined || !key.toLowerCase().split(/[_.-]+/).some((part) => part.length > 2 && words.has(canonicalStem(part)))) continue;
      const name = `${unit.item.file}\u0000${key}`;
      const points = series.get(name);
      if (points) points.push({ unit, value });
      else series.set(name, [{ unit, value }]);
    }
  }
  const long = [...series].filter(([, points]) => points.length >= MIN_SERIES);
  // One series of the measure: several (a field per host the claim does not name) leave it open.
  if (long.length !== 1) return undefined;
  const [name, points] = long[0]!;
  // Several entities' readings in one field (host=a, host=b) are no one series either.
  if (new Set(points.map((p) => p.unit.features.times[0]!.raw)).size !== points.length) return undefined;
  const extreme = points.reduce((a, b) => ((low ? b.value < a.value : b.value > a.value) ? b : a));
  const at = points.filter((p) => p.unit.features.times.some((t) => timeMatches(time, t)));
  if (at.length === 0 || at.some((p) => p.value === extreme.value)) return undefined;
  const field = name.split('\u0000')[1];
  return contradicted(extreme.unit, `claim says ${low ? 'a low' : 'a peak'} at ${time.raw.trim()}; ${field} is ${at[0]!.value} then (${at[0]!.unit.item.id}) and ${extreme.value} at ${extreme.unit.features.times[0]!.raw.trim()} (${extreme.unit.item.id})`);
}
