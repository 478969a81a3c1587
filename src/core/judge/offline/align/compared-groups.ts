// The groups of rows a comparison is checked in, one by one: the sides' rows of one week, one
// quarter, one shift, when the claim names two sides and not which of those their rows fall in.
import type { Table, TableRow } from '../records/tables';
import { periodKey } from '../records/periods';
import { textColumns } from './table-alignment';

/** Whether a column holds one value per entity of the key columns (a machine's model): another name for the entity, not a split. */
export function attributeOf(table: Table, column: string, keyColumns: ReadonlySet<string>): boolean {
  if (keyColumns.size === 0) return false;
  const seen = new Map<string, string | undefined>();
  for (const row of table.rows) {
    const key = [...keyColumns].map((c) => row.values.get(c) ?? '').join('\u0000');
    const value = row.values.get(column);
    if (seen.has(key) && seen.get(key) !== value) return false;
    seen.set(key, value);
  }
  return true;
}

function groupedBy(rows: readonly TableRow[], columns: readonly string[]): TableRow[][] {
  const groups = new Map<string, TableRow[]>();
  for (const row of rows) {
    const key = columns.map((c) => row.values.get(c) ?? '').join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

/** Whether no group holds two rows of one side. */
function sidesApart(groups: readonly TableRow[][], keyColumns: ReadonlySet<string>): boolean {
  return groups.every((group) => new Set(group.map((row) => [...keyColumns].map((c) => row.values.get(c) ?? '').join('\u0000'))).size === group.length);
}

/**
 * Rows compared apart: by word columns the claim's own rows take several values of (quarter=2026Q1
 * and 2025Q4) and the claim does not pick one of; a column with one value per entity is another
 * name for it. With `fewest` (two sides compared), only as many of them as it takes to hold one
 * row of each side per group, a period first: a week's rows are compared whatever else differs
 * between them (each press's top reason); a rank keeps every split (a lathe is ranked among lathes).
 */
export function comparedGroups(table: Table, rows: readonly TableRow[], mine: readonly TableRow[], named: ReadonlyMap<string, string[]>, keyColumns: ReadonlySet<string>, fewest = false): TableRow[][] {
  const splitting = textColumns(table).filter((c) => !keyColumns.has(c) && !named.has(c) && new Set(mine.map((row) => row.values.get(c))).size > 1 && !attributeOf(table, c, keyColumns));
  if (!fewest) return groupedBy(rows, splitting);
  const values = new Map(splitting.map((c) => [c, [...new Set(mine.map((row) => row.values.get(c) ?? ''))]]));
  const isPeriod = (c: string): number => (values.get(c)!.every((value) => periodKey(value) !== undefined) ? 1 : 0);
  const ordered = [...splitting].sort((a, b) => isPeriod(b) - isPeriod(a) || values.get(a)!.length - values.get(b)!.length);
  const used: string[] = [];
  for (const column of ordered) {
    used.push(column);
    if (keyColumns.size > 0 && sidesApart(groupedBy(rows, used), keyColumns)) break;
  }
  return groupedBy(rows, used);
}
