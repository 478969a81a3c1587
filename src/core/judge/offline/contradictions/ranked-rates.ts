// A rank by a rate the claim's own figure is: "Harbourside retired the highest share of its
// harness fleet, 7.5%" (6 of 80) while Eastfield retired 4 of 40; "Eastfield had the lowest output,
// at about 0.58 routes per setter hour" (120 / 208) while Millbrook set 158 routes in 280 hours.
// The claim names one entity of a table's column; its figure is the ratio of two columns the claim
// names by a word each (harnesses_retired over harness_fleet), summed over the entity's rows — all
// of them, or those of one period when the rows span several; the same ratio of every other entity
// of the column, over the same rows, gives the rank.
import { canonicalStem, type Quantity } from '../../../retrieval/index';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import { claimFigures, columnWords, namedValues, numericColumns, statedPlainly, textColumns, tokensOf } from '../align/table-alignment';
import { periodKey } from '../records/periods';
import { quantityMatches } from '../derive/matching';
import { UNIT_KEY_PARTS } from '../vocabulary';
import { rankWording } from './ranks';
import ranks from '../vocabulary/ranks.json';

const AGGREGATES = new Set(ranks.aggregates);
/** More entities than this are rows listed one by one, not members to rank. */
const MAX_ENTITIES = 30;

interface Reading {
  top: string;
  bottom: string;
  scope: TableRow[];
}

export function contradictRankedRate(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view)) return undefined;
  const rank = rankWording(view.claim.text);
  if (!rank || (rank.order !== 'max' && rank.order !== 'min')) return undefined;
  // The rate the only figure ("97 of the 140 boxes, about 69%" ranks by what it counts, not by its rate).
  const figures = claimFigures(view);
  if (figures.length !== 1 || (figures[0]!.dimension !== 'percent' && Number.isInteger(figures[0]!.number))) return undefined;
  const figure = view.features.quantities.find((q) => q.raw === figures[0]!.raw);
  if (!figure) return undefined;
  const claim = tokensOf(view.claim.text);
  for (const table of tablesOf(view.index)) {
    const verdict = rankIn(view, table, claim, figure, rank.order, rank.place, rank.wording);
    if (verdict !== undefined) return verdict ?? undefined;
  }
  return undefined;
}

function rankIn(view: ClaimView, table: Table, claim: Set<string>, figure: Quantity, order: 'max' | 'min', place: number, wording: string): ClaimVerdict | null | undefined {
  const named = namedValues(view, table, claim);
  const entities = [...named].filter(([column, values]) => values.length === 1 && values.every((value) => /\p{L}/u.test(value) && periodKey(value) === undefined) && distinct(table.rows, column).length <= MAX_ENTITIES);
  if (entities.length !== 1) return undefined;
  const [column, [entity]] = entities[0]! as [string, [string]];
  const base = table.rows.filter((row) => [...named].every(([c, values]) => c === column || values.includes(row.values.get(c) ?? '')));
  // All the rows, else those of one period when the rows span several the claim does not name.
  const periods = textColumns(table).filter((c) => !named.has(c) && distinct(base, c).length >= 2 && distinct(base, c).every((value) => periodKey(value) !== undefined));
  const scopes = [base, ...periods.flatMap((c) => distinct(base, c).map((value) => base.filter((row) => row.values.get(c) === value)))];
  const numeric = numericColumns(table, base).filter((c) => namedByClaim(c, claim));
  const readings: Reading[] = [];
  for (const scope of scopes) {
    const mine = scope.filter((row) => row.values.get(column) === entity);
    if (mine.length === 0) continue;
    for (const top of numeric) {
      for (const bottom of numeric) {
        const ratio = top === bottom || !apart(top, bottom, claim) ? undefined : ratioOf(mine, top, bottom);
        if (ratio !== undefined && matches(figure, ratio)) readings.push({ top, bottom, scope });
      }
    }
    // The widest rows that give the figure are what the claim speaks of.
    if (readings.length > 0) break;
  }
  if (readings.length === 0) return undefined;
  const outcomes = readings.map((reading) => placeOf(reading, column, entity, order));
  if (outcomes.some((outcome) => outcome === undefined || outcome.place === place)) return null;
  const { reading, ahead } = outcomes[0]!;
  const shown = (value: number): string => String(Number((figure.dimension === 'percent' ? value * 100 : value).toPrecision(3)));
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [...new Set([...reading.scope.filter((row) => row.values.get(column) === entity), ...reading.scope.filter((row) => row.values.get(column) === ahead.entity)].map((row) => row.refs[0]!))].slice(0, 8),
    reason: `claim ranks ${entity} "${wording}" by ${reading.top} / ${reading.bottom} (${figure.raw.trim()}); ${ahead.entity} has ${shown(ahead.ratio)}`,
  };
}

/** The entity's place among every entity of the column by the reading's ratio, and the first one ahead of it. */
function placeOf(reading: Reading, column: string, entity: string, order: 'max' | 'min'): { reading: Reading; place: number; ahead: { entity: string; ratio: number } } | undefined {
  const ratios = distinct(reading.scope, column)
    .filter((value) => !AGGREGATES.has(value.toLowerCase()))
    .map((value) => ({ entity: value, ratio: ratioOf(reading.scope.filter((row) => row.values.get(column) === value), reading.top, reading.bottom) }));
  if (ratios.length < 2 || ratios.some((r) => r.ratio === undefined)) return undefined;
  const own = ratios.find((r) => r.entity === entity)!.ratio!;
  const better = (r: number): boolean => (order === 'max' ? r > own * (1 + 1e-9) : r < own * (1 - 1e-9));
  const ahead = ratios.filter((r) => better(r.ratio!)).sort((a, b) => (order === 'max' ? b.ratio! - a.ratio! : a.ratio! - b.ratio!));
  return { reading, place: ahead.length + 1, ahead: ahead.length > 0 ? { entity: ahead[0]!.entity, ratio: ahead[0]!.ratio! } : { entity, ratio: own } };
}

function ratioOf(rows: readonly TableRow[], top: string, bottom: string): number | undefined {
  const sum = (c: string): number => rows.reduce((total, row) => total + (numericValue(row.values.get(c) ?? '') ?? NaN), 0);
  const [a, b] = [sum(top), sum(bottom)];
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : undefined;
}

/** The claim's figure is the ratio: as a percentage, or as a number of the top per one of the bottom. */
function matches(figure: Quantity, ratio: number): boolean {
  const value = figure.dimension === 'percent' ? ratio * 100 : ratio;
  return quantityMatches({ ...figure, hasUnit: false, dimension: 'count', scale: 1 }, { ...figure, hasUnit: false, dimension: 'count', scale: 1, value, decimals: 6, qualifier: undefined, raw: '' });
}

/** Two columns the claim names by words of their own: each by one the other lacks (wasted_labelling and wasted_overproduction are parts of one waste, no part and whole). */
function apart(top: string, bottom: string, claim: Set<string>): boolean {
  const said = (column: string): Set<string> => new Set(columnWords(column.toLowerCase()).filter((part) => namedByClaim(part, claim)).map((part) => canonicalStem(part)));
  const [a, b] = [said(top), said(bottom)];
  return [...a].some((stem) => !b.has(stem)) && [...b].some((stem) => !a.has(stem));
}

/** A column the claim names by a word of its own (not its unit): "retired" for harnesses_retired. */
function namedByClaim(column: string, claim: Set<string>): boolean {
  return columnWords(column.toLowerCase()).some((part) => /\p{L}{3,}/u.test(part) && !UNIT_KEY_PARTS.has(part) && (claim.has(part) || claim.has(canonicalStem(part))));
}

function distinct(rows: readonly TableRow[], column: string): string[] {
  return [...new Set(rows.map((row) => row.values.get(column) ?? ''))];
}
