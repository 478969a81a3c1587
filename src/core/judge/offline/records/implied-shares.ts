// Shares a table implies without a document defining them: a count column and the total it is
// counted out of, named alike (stat_within_60m of stat_samples, die_good of die_tested,
// spots_missed of spots_scheduled). "BG-3 stayed above 99% in every week" is a claim about
// stat_within_60m ÷ stat_samples, row by row, though no column holds it; the table gains the
// share as a percentage column (stat_within_60m_share), so bounds, ranks and comparisons read it
// like any other. A whole is named as a total (vocabulary/defined-measures.json: samples,
// scheduled, tested, total) and is at least the sum of every other count of its name in each row,
// so two parts of one total (wasted_labelling, wasted_overproduction) never make a share of each other.
import { numericValue } from './table-profile';
import type { Table } from './table-types';
import vocabulary from '../vocabulary/defined-measures.json';

const NOT_COUNTS = new Set(vocabulary.notCountWords);
const WHOLE_WORDS = new Set(vocabulary.wholeWords);

/** A column's name words (stat_within_60m → stat, within, 60m). */
function nameWords(column: string): string[] {
  return column.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

/** The table with the shares it implies as columns of percentages; the names of the new columns. */
export function withImpliedShares(table: Table): string[] {
  if (table.rows.length < 2) return [];
  const counts = new Map<string, number[]>();
  for (const column of table.columns) {
    const words = nameWords(column);
    if (words.length < 2 || words.some((word) => NOT_COUNTS.has(word))) continue;
    // Plain figures in every row: a cell written with a percent sign or a unit is no count.
    const values = table.rows.map((row) => {
      const raw = row.values.get(column) ?? '';
      return /^\s*[\d,.]+\s*$/.test(raw) ? numericValue(raw) : undefined;
    });
    if (values.every((value) => value !== undefined && value >= 0)) counts.set(column, values as number[]);
  }
  const added: string[] = [];
  const byHead = new Map<string, string[]>();
  for (const column of counts.keys()) {
    const head = nameWords(column)[0]!;
    byHead.set(head, [...(byHead.get(head) ?? []), column]);
  }
  for (const columns of byHead.values()) {
    if (columns.length < 2) continue;
    for (const whole of columns) {
      // The whole's name says it is a total (stat_samples, spots_scheduled), not another part (wasted_labelling).
      if (!nameWords(whole).slice(1).some((word) => WHOLE_WORDS.has(word))) continue;
      const totals = counts.get(whole)!;
      const others = columns.filter((column) => column !== whole);
      // The whole holds every other count of its name, row by row, and is never zero.
      const holdsAll = totals.every((total, at) => total > 0 && others.reduce((sum, column) => sum + counts.get(column)![at]!, 0) <= total * (1 + 1e-9));
      if (!holdsAll) continue;
      for (const part of others) {
        const parts = counts.get(part)!;
        // A part equal to its whole in every row is another name for it.
        if (parts.every((value, at) => value === totals[at])) continue;
        const column = `${part}_share`;
        if (table.columns.includes(column)) continue;
        table.rows.forEach((row, at) => {
          row.values.set(column, `${Number(((parts[at]! / totals[at]!) * 100).toFixed(4))}%`);
          row.cells.set(column, row.cells.get(part) ?? row.unit);
        });
        table.columns.push(column);
        added.push(column);
      }
    }
  }
  return added;
}
