// The two columns a table's rate column is computed from: rejection_rate is rejected_kg over
// received_kg when, on every row, the one over the other (as a fraction, a percentage or per
// thousand) rounds to the rate as written. Over several rows such a rate is the sum of the top
// over the sum of the bottom, not the rows' rates added or averaged ("the fleet rate was lower in
// August": August's rejected kilos over its received kilos).
import { numericValue } from './table-profile';
import type { Table } from './table-types';

export interface RateParts {
  top: string;
  bottom: string;
}

const SCALES = [1, 100, 1000];
const cache = new WeakMap<Table, Map<string, RateParts | null>>();

/** The top and bottom columns of a rate column, when exactly one pair computes it on every row. */
export function rateParts(table: Table, column: string): RateParts | undefined {
  let known = cache.get(table);
  if (!known) cache.set(table, (known = new Map()));
  if (!known.has(column)) known.set(column, find(table, column) ?? null);
  return known.get(column) ?? undefined;
}

function find(table: Table, column: string): RateParts | undefined {
  if (table.rows.length < 2) return undefined;
  const rates = table.rows.map((row) => row.values.get(column) ?? '');
  if (rates.some((raw) => numericValue(raw) === undefined)) return undefined;
  // A rate written to d decimals is the exact ratio rounded: within half its last digit.
  const slack = rates.map((raw) => 0.5 * 10 ** -(/\.(\d+)/.exec(raw)?.[1]?.length ?? 0) + 1e-9);
  const numeric = table.columns.filter((c) => c !== column && table.rows.every((row) => numericValue(row.values.get(c) ?? '') !== undefined));
  const found: RateParts[] = [];
  for (const bottom of numeric) {
    const bottoms = table.rows.map((row) => numericValue(row.values.get(bottom)!)!);
    if (bottoms.some((b) => b <= 0)) continue;
    for (const top of numeric) {
      if (top === bottom) continue;
      const tops = table.rows.map((row) => numericValue(row.values.get(top)!)!);
      // (Rows of a zero rate say nothing of which columns it is made of: some rows must be non-zero.)
      if (tops.every((t) => t === 0)) continue;
      const fits = SCALES.some((scale) => tops.every((t, i) => Math.abs((t / bottoms[i]!) * scale - numericValue(rates[i]!)!) <= slack[i]!));
      if (fits) found.push({ top, bottom });
    }
  }
  return found.length === 1 ? found[0] : undefined;
}
