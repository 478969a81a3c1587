// Columns of a table that answer yes or no for each row (qc_first_pass=Y/N, on_time=yes/no),
// read with the values of vocabulary/flag-values.json.
import flagWords from '../vocabulary/flag-values.json';
import type { Table, TableRow } from './tables';
import { textColumns } from '../align/table-alignment';

const YES = new Set(flagWords.yes);
const NO = new Set(flagWords.no);

/** Whether a cell says yes. */
export function saysYes(row: TableRow, column: string): boolean {
  return YES.has((row.values.get(column) ?? '').trim().toLowerCase());
}

/** The text columns holding only yes and no, with at least one of each. */
export function yesNoColumns(table: Table): string[] {
  return textColumns(table).filter((column) => {
    const values = table.rows.map((row) => (row.values.get(column) ?? '').trim().toLowerCase());
    return values.every((value) => YES.has(value) || NO.has(value)) && values.some((value) => YES.has(value)) && values.some((value) => NO.has(value));
  });
}
