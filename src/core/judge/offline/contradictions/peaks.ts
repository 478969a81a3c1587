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
import { add, memberSwap, type Series } from './member-swaps';

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
 * in the records naming the claim's entities (three or more of them), and another member's record
 * of that file and measure gives it exactly (member-swaps.ts).
 */
function swappedPeak(view: ClaimView, quantity: Quantity, order: 'max' | 'min', entities: readonly string[], labels: ReadonlyArray<[string, string]>): ClaimVerdict | undefined {
  const beyond = (series: Series): boolean => series.every((point) => !quantityMatches(quantity, point.figure) && (order === 'max' ? point.figure.value < quantity.value : point.figure.value > quantity.value));
  const swap = memberSwap(view, quantity, entities, labels, beyond, MIN_SERIES, true);
  if (!swap) return undefined;
  const { series, owner } = swap;
  const extreme = series.reduce((a, b) => ((order === 'max' ? b.figure.value > a.figure.value : b.figure.value < a.figure.value) ? b : a));
  const field = Object.entries(extreme.unit.item.fields).find(([, value]) => value === extreme.figure.raw.trim())?.[0] ?? extreme.figure.key.join(' ');
  return contradicted(extreme.unit, `claim says ${order === 'max' ? 'a peak' : 'a low'} of ${quantity.raw.trim()}, ${extreme.unit.item.id} gives ${extreme.figure.raw.trim()}, the ${order === 'max' ? 'highest' : 'lowest'} ${field} of ${series.length} readings; ${owner.figure.raw.trim()} is another record's (${owner.unit.item.id})`);
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
