// A figure put on the wrong member: "ams2 … peaking at 2.9%" while ams2's readings never give it
// and fra1's record does; "RR-04's return air was 12.6 °C at 03:00" while RR-04's return_air_c
// readings never give 12.6 and RR-05's does. The records naming the claim's entities give the
// measure (a field sharing a word with the figure's) but never the figure; a record of the same
// file and measure about another member — the same field that names the claim's entity, with
// another value — gives it exactly. A figure nobody's records give is not in evidence, not
// contradicted; an average, a total or a share may be computed, and is left to the checks that compute.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, sharedKeyWords } from '../claim-view';
import { dimensionsCompatible, isBound, isLimit, quantityMatches, significantDigits } from '../derive/matching';
import { THRESHOLD_WORDS } from '../vocabulary';
import { periodNumbers } from '../align/table-alignment';
import aggregateWords from '../vocabulary/aggregates.json';

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
  const own = new Map<string, Series>();
  const others = new Map<string, Series>();
  for (const unit of view.index.items) {
    // Records of readings: a document's figures are settings and rules, not a member's readings.
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.item.kind === 'json_field') continue;
    const mine = entities.every((id) => hasIdentifier(unit, id)) && labels.every(([field, value]) => unit.item.fields[field] === value);
    if (!mine && !entities.some((id) => memberFieldOf(unit, id, view) !== undefined)) continue;
    for (const e of unit.features.quantities) {
      if (!dimensionsCompatible(quantity, e) || e.key.length === 0 || isBound(e) || isLimit(e) || e.key.some((word) => THRESHOLD_WORDS.has(word))) continue;
      if (quantity.hasUnit && (!e.hasUnit || e.dimension !== quantity.dimension)) continue;
      add(mine ? own : others, unit, e);
    }
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

/** The fields whose value is `id` in some record, per claim and entity. */
const MEMBER_FIELDS = new WeakMap<ClaimView, Map<string, string[]>>();
function memberFields(view: ClaimView, id: string): string[] {
  let byId = MEMBER_FIELDS.get(view);
  if (!byId) MEMBER_FIELDS.set(view, (byId = new Map()));
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

/** Words that make a figure computed over readings, not one reading: averages, totals, shares. */
const COMPUTED_WORDS = new Set([...aggregateWords.mean, 'total', 'totals', 'sum', 'combined', 'overall', 'altogether', 'median', 'share', 'per', 'each', 'every', 'all']);

/** A figure of the claim's one entity that another member's record gives, and its own never do. */
export function contradictMemberFigure(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const entities = view.features.identifiers;
  if (entities.length !== 1) return undefined;
  if (view.claim.text.toLowerCase().split(/[^\p{L}]+/u).some((word) => COMPUTED_WORDS.has(word))) return undefined;
  const labels = periodNumbers(view.claim.text);
  // One figure, the entity's: beside another ("from 610 to 95 ms", "21 of 50", "against a 3.5 MW
  // obligation") a figure may be another thing's than the entity's.
  const figures = view.features.quantities.filter((q) => !labels.has(q.raw.trim()));
  if (figures.length !== 1) return undefined;
  for (const quantity of figures) {
    if (quantity.qualifier !== undefined && quantity.qualifier !== 'approx') continue;
    if (significantDigits(quantity) < 2 || /^\p{L}/u.test(quantity.raw)) continue;
    const swap = memberSwap(view, quantity, entities, [], (series) => series.every((point) => !quantityMatches(quantity, point.figure)), 1, false);
    if (!swap) continue;
    const { series, owner } = swap;
    const field = Object.entries(series[0]!.unit.item.fields).find(([, value]) => value === series[0]!.figure.raw.trim())?.[0] ?? series[0]!.figure.key.join(' ');
    return contradicted(series[0]!.unit, `claim says ${quantity.raw.trim()} for ${entities[0]}, whose ${series.length} record(s) of ${field} never give it (${series[0]!.unit.item.id}: ${series[0]!.figure.raw.trim()}); ${owner.figure.raw.trim()} is another member's (${owner.unit.item.id})`);
  }
  return undefined;
}
