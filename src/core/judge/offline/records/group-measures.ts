// Groups of a table's rows and their measures, for the checks that read a claim against groups
// rather than rows (two named values of one column, two periods, every value of a column): the
// rows of the values a claim names, and a group's measure — for a percentage a rate, one count
// column's sum over the sum of another that bounds it in every row (parts_passed ≤
// parts_planned); for another figure one column's sum.
import type { Quantity } from '../../../retrieval/index';
import { numericValue, type Table, type TableRow } from './tables';
import { namedValues, tableProfile, textColumns, tokensOf } from '../align/table-alignment';
import type { ClaimView } from '../claim-view';
import { periodKey, periodsNamed, samePeriod } from './periods';

/** Tables longer than this are logs, not summaries (as for aggregates). */
export const MAX_GROUP_ROWS = 400;

export interface Measure {
  name: string;
  of: (rows: readonly TableRow[]) => number | undefined;
  /** The column summed, or the part of a rate (parts_passed of parts_passed over parts_planned). */
  column?: string;
}

/** The measures a figure may be of: rates for a percentage, sums for anything else. */
export function measuresFor(table: Table, figure: Quantity): Measure[] {
  return figure.dimension === 'percent' ? rates(table) : sums(table);
}

/** A group's rate: one count column's sum over another's that bounds it in every row, in percent. */
function rates(table: Table): Measure[] {
  return boundedPairs(table).map(([part, whole]) => ({
    name: `${part} over ${whole}`,
    column: part,
    of: (rows) => {
      const ratio = ratioOf(rows, part, whole);
      return ratio === undefined ? undefined : 100 * ratio;
    },
  }));
}

/** A group's total of one numeric column. */
function sums(table: Table): Measure[] {
  return numericColumns(table).map((column) => ({ name: `the total of ${column}`, column, of: (rows) => sum(rows, column) }));
}

/** A group's mean of one numeric column ("averaging 94.4%"): its rows' sum over their count. */
export function means(table: Table): Measure[] {
  return numericColumns(table).map((column) => ({ name: `the mean of ${column}`, column, of: (rows) => (rows.length === 0 ? undefined : sum(rows, column) / rows.length) }));
}

/** The columns every row gives a number in. */
export function numericColumns(table: Table): string[] {
  return table.columns.filter((column) => table.rows.every((row) => numericValue(row.values.get(column) ?? '') !== undefined));
}

const BOUNDED_PAIRS = new WeakMap<Table, Array<[string, string]>>();

/** Pairs of numeric columns where the first never exceeds the second and the second is never zero (once per table). */
export function boundedPairs(table: Table): Array<[string, string]> {
  const known = BOUNDED_PAIRS.get(table);
  if (known) return known;
  const numeric = numericColumns(table);
  const pairs: Array<[string, string]> = [];
  for (const part of numeric) {
    for (const whole of numeric) {
      if (part === whole) continue;
      const bounded = table.rows.every((row) => {
        const [p, w] = [numericValue(row.values.get(part)!)!, numericValue(row.values.get(whole)!)!];
        return p >= 0 && w > 0 && p <= w;
      });
      if (bounded) pairs.push([part, whole]);
    }
  }
  BOUNDED_PAIRS.set(table, pairs);
  return pairs;
}

/** One column's total over another's, over the same rows (none when the second totals zero or less). */
export function ratioOf(rows: readonly TableRow[], part: string, whole: string): number | undefined {
  const denominator = sum(rows, whole);
  return denominator > 0 ? sum(rows, part) / denominator : undefined;
}

/** A column's total over rows that all give it. */
export function sum(rows: readonly TableRow[], column: string): number {
  return rows.reduce((total, row) => total + numericValue(row.values.get(column)!)!, 0);
}

/** A value for a reason, one decimal past the claim's figure ("84%" against 83.7%), so a near miss shows. */
export function written(value: number, like: Quantity): string {
  return `${value.toFixed(Math.max(like.decimals, 0) + 1)}${like.dimension === 'percent' ? '%' : ''}`;
}

/** Where a value stands in the text as words of its own ("l2" is not in "l20"), or -1. */
export function wordAt(text: string, value: string): number {
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
    const [before, after] = [text[at - 1] ?? ' ', text[at + value.length] ?? ' '];
    if (!/[\p{L}\d]/u.test(before) && !/[\p{L}\d]/u.test(after)) return at;
  }
  return -1;
}

/** A column's distinct values that are not empty, in the order the rows first give them (read once per table). */
export function distinctValues(table: Table, column: string): readonly string[] {
  return tableProfile(table).distinct.get(column) ?? [];
}

/** The distinct values of a column the claim writes as words of their own (of at least `minLength` characters), with where each stands. */
export function valuesNamedIn(table: Table, column: string, lower: string, minLength: number): Array<{ value: string; at: number }> {
  const named: Array<{ value: string; at: number }> = [];
  for (const value of distinctValues(table, column)) {
    if (value.length < minLength) continue;
    const at = wordAt(lower, value.toLowerCase());
    if (at >= 0) named.push({ value, at });
  }
  return named;
}

/** The rows of the values the claim names in the table's columns other than one ("for P50", "ML-3's", "in week 39"). */
export function rowsOfNamedValues(view: ClaimView, table: Table, exceptColumn: string): TableRow[] {
  let rows = table.rows;
  for (const [column, values] of namedValues(view, table, tokensOf(view.claim.text))) {
    if (column === exceptColumn) continue;
    const named = new Set(values);
    rows = rows.filter((row) => named.has(row.values.get(column) ?? ''));
  }
  return rows;
}

/** Two values of one text column the claim writes (of at least three characters), in the claim's order: two groups compared. */
export function twoNamedValues(table: Table, lower: string): { column: string; named: [{ value: string; at: number }, { value: string; at: number }] } | undefined {
  for (const column of textColumns(table)) {
    const named = valuesNamedIn(table, column, lower, 3);
    if (named.length !== 2) continue;
    const [first, second] = named.sort((p, q) => p.at - q.at);
    return { column, named: [first!, second!] };
  }
  return undefined;
}

/** More groups than this are entities listed one by one, not groups. */
const MAX_NAMED_GROUPS = 12;

/** The text column whose values repeat (a dock's several projects) and of which the claim names exactly one value (not one of the `wholes`, "all"). */
export function namedGroup(table: Table, lower: string, wholes: ReadonlySet<string>): { column: string; value: string } | undefined {
  // Text columns whose values repeat, in a few groups.
  const columns = textColumns(table).filter((column) => {
    const count = distinctValues(table, column).length;
    return count >= 2 && count <= MAX_NAMED_GROUPS && count < table.rows.length;
  });
  const candidates: Array<{ column: string; value: string }> = [];
  for (const column of columns) {
    // (A row of the whole, "all", is not a group among the others.)
    const named = valuesNamedIn(table, column, lower, 2).filter(({ value }) => !wholes.has(value.toLowerCase()));
    if (named.length === 1) candidates.push({ column, value: named[0]!.value });
  }
  // ("Campanhã … of the five districts, at about €2.96 in W39": a named period selects rows; the other value is the group.)
  const groups = candidates.length > 1 ? candidates.filter(({ value }) => periodKey(value) === undefined) : candidates;
  if (candidates.length > 0) return groups[0] ?? candidates[0];
  // "Week 12 was the busiest week" against week=2025-W12: a period the claim names by its own name.
  const periods = periodsNamed(tokensOf(lower));
  if (periods.length !== 1) return undefined;
  for (const column of columns) {
    const values = distinctValues(table, column);
    const keys = values.map((value) => periodKey(value));
    if (keys.some((key) => key === undefined)) continue;
    const named = values.filter((_, i) => samePeriod(periods[0]!, keys[i]!));
    if (named.length === 1) return { column, value: named[0]! };
  }
  return undefined;
}
