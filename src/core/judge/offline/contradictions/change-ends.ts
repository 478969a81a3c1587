// The other end of a change: "slipping from 77.8% to 71.5%", "12.8% → 13.3%", "79.9%, up from
// 66.8%". When one end is a table's cell and the row's series — the rows alike in every word column
// but their period or version — gives the other end otherwise, the claim states that row's
// value differently. Asked only of an end no record holds; with several rows in the series, only
// when none of them holds it and the claim leaves no doubt which is meant (there is one).
import type { Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { textColumns } from '../align/table-alignment';
import { numericValue, tablesOf, type TableRow } from '../records/tables';
import { periodKey } from '../records/periods';
import { writtenFigureIs } from '../derive/matching';

/** Tables longer than this are logs: a figure's value recurs in them by chance. */
const MAX_ROWS = 400;

export interface ChangePair {
  from: Quantity;
  to: Quantity;
}

const FROM_BEFORE_RE = /\bfrom\s+[$€£]?$/i;
const TO_BETWEEN_RE = /^\s*(?:[\p{L}%]+\s+)?to\s+[$€£]?$/u;
const ARROW_BETWEEN_RE = /^\s*(?:→|->|⟶|➝)\s*[$€£]?$/;
const UP_FROM_BETWEEN_RE = /^[\s,(]*(?:up|down|rising|falling|compared)?\s*(?:from|with|against|versus|vs\.?)\s+[$€£]?$/i;

/** The two ends of a change the claim states, in time order, when it states one. */
export function changePair(view: ClaimView): ChangePair | undefined {
  const text = view.claim.text;
  const figures = view.features.quantities.filter((q) => q.qualifier !== 'delta' && q.qualifier !== 'lower' && q.qualifier !== 'upper').sort((a, b) => a.start - b.start);
  for (let i = 0; i + 1 < figures.length; i++) {
    const a = figures[i]!;
    const b = figures[i + 1]!;
    if (a.dimension !== b.dimension) continue;
    const between = text.slice(a.start + a.raw.length, b.start);
    if ((FROM_BEFORE_RE.test(text.slice(0, a.start)) && TO_BETWEEN_RE.test(between)) || ARROW_BETWEEN_RE.test(between)) return { from: a, to: b };
    if (UP_FROM_BETWEEN_RE.test(between) && /\b(?:from|with|against|versus|vs)\b/i.test(between)) return { from: b, to: a };
  }
  return undefined;
}

/** A cell's number against a claimed figure as written ("about" allows 5%). */
function holds(figure: Quantity, value: number | undefined): boolean {
  return value !== undefined && writtenFigureIs(figure, value, 0.05);
}

export function contradictChangeEnd(view: ClaimView, missing: readonly string[]): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const pair = changePair(view);
  if (!pair) return undefined;
  const unmet = [pair.from, pair.to].filter((q) => missing.includes(q.raw.trim()));
  if (unmet.length !== 1) return undefined;
  const other = unmet[0]!;
  const known = other === pair.from ? pair.to : pair.from;
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 2 || table.rows.length > MAX_ROWS) continue;
    const words = new Set(textColumns(table));
    const anchors: Array<{ row: TableRow; column: string }> = [];
    for (const row of table.rows) {
      for (const [column, value] of row.values) if (!words.has(column) && holds(known, numericValue(value))) anchors.push({ row, column });
    }
    // One cell holds the known end: which row and measure the change is about is not in doubt.
    if (anchors.length !== 1) continue;
    const { row, column } = anchors[0]!;
    // The other end in the same column of any row: the series is not the one these words tell apart.
    if (table.rows.some((r) => holds(other, numericValue(r.values.get(column) ?? '')))) continue;
    const series = table.rows.filter((r) => r !== row && numericValue(r.values.get(column) ?? '') !== undefined && differsInOne(r, row, words));
    if (series.length !== 1) continue;
    const sibling = series[0]!;
    if (holds(other, numericValue(sibling.values.get(column) ?? ''))) return undefined;
    const cell = sibling.cells.get(column) ?? sibling.unit;
    return contradicted(cell, `claim says ${other.raw.trim()}, ${cell.item.id} gives ${column}=${sibling.values.get(column)} (the other end from ${known.raw.trim()}, ${row.unit.item.id})`);
  }
  return undefined;
}

/** A period (2026Q3, 2026-08, W14) or a version (4.2.1, v3): a step of a series. */
function isStep(value: string): boolean {
  return periodKey(value) !== undefined || /^v?\d+(?:\.\d+)+$/i.test(value);
}

/** Rows alike in every word column they share but one (a period, a version): one series. */
function differsInOne(a: TableRow, b: TableRow, words: ReadonlySet<string>): boolean {
  let differing = 0;
  for (const column of words) {
    const left = a.values.get(column);
    const right = b.values.get(column);
    if (left === undefined || right === undefined) {
      if (left !== right) return false;
      continue;
    }
    if (left === right) continue;
    // A change runs over time or releases: the rows differ in their period or version, not in whose they are.
    if (!isStep(left) || !isStep(right) || ++differing > 1) return false;
  }
  return differing === 1;
}
