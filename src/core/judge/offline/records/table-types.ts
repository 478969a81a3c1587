// The rows of one shape the evidence holds, as the table checks read them (see tables.ts).
import type { IndexedItem } from '../../../retrieval/index';

export interface TableRow {
  /** The unit that holds the row (for a JSON row, its first field). */
  unit: IndexedItem;
  /** Evidence ids of the row's items. */
  refs: string[];
  /** Column name → value as written. */
  values: Map<string, string>;
  /** Column name → the unit that holds the cell (a JSON row's cells are items of their own). */
  cells: Map<string, IndexedItem>;
}

export interface Table {
  file: string;
  columns: string[];
  rows: TableRow[];
  /** Columns the evidence's documents define from two others (remake_rate = remakes ÷ units_shipped; defined-measures.ts). */
  defined?: DefinedMeasure[];
  /** Share columns the table implies by a count and its total (stat_within_60m_share; implied-shares.ts). */
  implied?: string[];
}

export interface DefinedMeasure {
  /** The measure's name as a column (click_through_rate). */
  column: string;
  numerator: string;
  denominator: string;
  scale: number;
}
