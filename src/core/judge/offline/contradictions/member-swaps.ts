// A figure put on the wrong member: "ams2 … peaking at 2.9%" while ams2's readings never reach it
// and fra1's record gives it (peaks.ts). The records naming the claim's entities give the measure
// (a field sharing a word with the figure's) but never the figure; a record of the same file and
// measure about another member — the same field that names the claim's entity, with another
// value — gives it exactly. A figure nobody's records give is not in evidence, not contradicted.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { type ClaimView, hasIdentifier, sharedKeyWords } from '../claim-view';
import { dimensionsCompatible, isBound, isLimit, quantityMatches } from '../derive/matching';
import { THRESHOLD_WORDS } from '../vocabulary';

export type Series = Array<{ unit: IndexedItem; figure: Quantity }>;

/** Adds a reading to the series of its file and measure. */
export function add(series: Map<string, Series>, unit: IndexedItem, figure: Quantity): void {
  const name = `${unit.item.file}\u0000${[...figure.key].sort().join('+')}`;
  const list = series.get(name);
  if (list) list.push({ unit, figure });
  else series.set(name, [{ unit, figure }]);
}

/**
 * The one measure whose readings in the records naming the claim's entities (`minSeries` or more)
 * fail `ownFails`, while another member's record of it gives the figure; with `byUnit`, a measure
 * in the claim's unit counts when none shares a word with the figure.
 */
export function memberSwap(
  view: ClaimView,
  quantity: Quantity,
  entities: readonly string[],
  labels: ReadonlyArray<[string, string]>,
  ownFails: (series: Series) => boolean,
  minSeries: number,
  byUnit: boolean,
): { series: Series; owner: Series[number] } | undefined {
  const { own: allOwn, others: allOthers } = readingsByMember(view, entities, labels);
  // Readings of the figure's kind: a bare figure is compared with bare ones or any unit's; one with a unit, with that unit's.
  const fits = (e: Quantity): boolean => dimensionsCompatible(quantity, e) && (!quantity.hasUnit || (e.hasUnit && e.dimension === quantity.dimension));
  const own = new Map<string, Series>();
  for (const [name, series] of allOwn) {
    const kept = series.filter((point) => fits(point.figure));
    if (kept.length > 0) own.set(name, kept);
  }
  const others = new Map<string, Series>();
  for (const name of own.keys()) {
    const kept = (allOthers.get(name) ?? []).filter((point) => fits(point.figure));
    if (kept.length > 0) others.set(name, kept);
  }
  // (The same figure to its written precision, and the same magnitude; a bare figure is no reading
  // in a unit: "about €21,000" is not 21.9 km.)
  const gives = (point: Series[number]): boolean => (quantity.hasUnit || !point.figure.hasUnit) && quantityMatches(quantity, point.figure) && Math.abs(quantity.value - point.figure.value) <= 0.05 * Math.max(Math.abs(quantity.value), Math.abs(point.figure.value));
  const swaps = [...own]
    .filter(([name, series]) => series.length >= minSeries && ownFails(series) && (others.get(name) ?? []).some(gives))
    .map(([name, series]) => ({ series, owner: others.get(name)!.find(gives)! }));
  const named = swaps.filter(({ series }) => sharedKeyWords(quantity, series[0]!.figure) > 0);
  const chosen = named.length > 0 || !byUnit ? named : swaps;
  return chosen.length === 1 ? chosen[0] : undefined;
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
