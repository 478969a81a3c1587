// A figure the claim pins to a period that another period's row gives: "Waste on L3 fell from 99 kg
// in week 37 to 64 kg in week 39" where L3's week 39 row has waste_kg=60 and 64 is week 38's. Each
// figure is pinned by the period written right after it ("in week 39", "for March"); the row is the
// one of that period among the rows of the values the claim names in its other columns, and the
// measure is the column the claim's words name (columnNamedBy: waste_kg for "waste"), and another
// period of that series must hold the figure in it. A figure the pinned row holds in any column is
// borne out; a series with several rows in a period is no series.
import type { Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { namedValues, periodNumbers, statedPlainly, tokensOf } from '../align/table-alignment';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import { periodKey } from '../records/periods';
import { numericColumns, rowsOfNamedValues } from '../records/group-measures';
import { columnNamedBy } from '../align/column-names';
import { cellMatches } from './row-values';
import bounds from '../vocabulary/bounds.json';

/** Tables longer than this are logs: a figure's value recurs in them by chance. */
const MAX_ROWS = 400;

/** "64 kg in week 39", "48 open samples in week 38": the period follows the figure and its noun. */
const PINNED_RE = /^\s*((?:[a-z][a-z-]*\s+){0,3}?)(?:in|for|during)\s+(?:the\s+)?\S/i;

/** Words naming a goal or a limit: "the 95% target in March" pins no reading to March. */
const GOAL_WORDS = new Set(bounds.goal);

/** Whether the words after a figure pin it to the period they go on to name. */
function pinnedToPeriod(after: string): boolean {
  const match = PINNED_RE.exec(after);
  return match !== null && !match[1]!.toLowerCase().split(/\s+/).some((word) => GOAL_WORDS.has(word));
}

export function contradictPeriodFigure(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view)) return undefined;
  const text = view.claim.text;
  const labels = periodNumbers(text);
  const figures = view.features.quantities
    .filter((q) => !(!q.hasUnit && labels.has(q.raw.trim())) && q.qualifier !== 'delta' && q.qualifier !== 'lower' && q.qualifier !== 'upper')
    .sort((a, b) => a.start - b.start);
  const pinned = figures.map((q, i) => ({ figure: q, after: text.slice(q.start + q.raw.length, figures[i + 1]?.start ?? text.length) })).filter(({ after }) => pinnedToPeriod(after));
  if (pinned.length === 0) return undefined;
  const claim = tokensOf(text);
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 2 || table.rows.length > MAX_ROWS) continue;
    const column = periodColumn(table, namedValues(view, table, claim));
    if (!column) continue;
    const series = rowsOfNamedValues(view, table, column);
    for (const { figure, after } of pinned) {
      const period = periodAfter(view, table, column, after);
      if (period === undefined) continue;
      const verdict = heldByAnotherPeriod(table, series, column, period, figure, claim);
      if (verdict) return verdict;
    }
  }
  return undefined;
}

/** The column of periods the claim names a value of (week=37, month=2024-09). */
function periodColumn(table: Table, named: ReadonlyMap<string, readonly string[]>): string | undefined {
  const columns = [...named.keys()].filter((column) => periodKey(`${column} 1`) !== undefined || table.rows.every((row) => periodKey(row.values.get(column) ?? '') !== undefined));
  return columns.length === 1 ? columns[0] : undefined;
}

/** The one period the words right after a figure name, up to the next figure. */
function periodAfter(view: ClaimView, table: Table, column: string, after: string): string | undefined {
  const part = { ...view, claim: { ...view.claim, text: after } };
  const values = namedValues(part, table, tokensOf(after)).get(column) ?? [];
  return values.length === 1 ? values[0] : undefined;
}

function heldByAnotherPeriod(table: Table, series: readonly TableRow[], column: string, period: string, figure: Quantity, claim: Set<string>): ClaimVerdict | undefined {
  const own = series.filter((row) => row.values.get(column) === period);
  if (own.length !== 1) return undefined;
  const row = own[0]!;
  const measures = numericColumns(table).filter((c) => c !== column);
  if (measures.some((c) => cellMatches(row, c, figure))) return undefined;
  const others = series.filter((r) => r !== row);
  // Every other period one row: the series is one thing's, period by period.
  if (new Set(others.map((r) => r.values.get(column))).size !== others.length) return undefined;
  const measure = columnNamedBy(measures, claim);
  const owner = measure === undefined ? undefined : others.find((r) => cellMatches(r, measure, figure));
  if (!measure || !owner || numericValue(row.values.get(measure) ?? '') === undefined) return undefined;
  const cell = row.cells.get(measure) ?? row.unit;
  return contradicted(cell, `claim puts ${figure.raw.trim()} in ${column} ${period}; ${cell.item.id} gives ${measure}=${row.values.get(measure)} (${figure.raw.trim()} is ${column} ${owner.values.get(column)}'s, ${owner.unit.item.id})`);
}
