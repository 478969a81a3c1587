// A table row's figures measure what their column is named: in `| SYR-3 syringe pump | 4,000 |`
// under the header "maximum entries per library", 4,000 is a maximum of entries per library, as
// `max_entries=4000` would say in a record. A cell's figure keeps the words around it and gains
// its column's name.
import type { Quantity } from './types';
import { splitIdentifierWords } from './identifiers';
import { fieldName } from '../../evidence/shared';

/**
 * Adds each column's name to the keys of the figures in its cell. `row` is the row as written
 * (`| a | b |`); `fields` are its cells under their column names, in column order (a column
 * whose name or cell is empty is absent); `context` ends with the headers as written, joined by " · ".
 */
export function keyTableCells(row: string, fields: Record<string, string>, context: string, quantities: readonly Quantity[], read: (text: string) => Quantity[]): void {
  if (!row.startsWith('|') || quantities.length === 0) return;
  const columns = Object.entries(fields);
  let next = 0;
  let cellStart = 1;
  while (cellStart < row.length && next < columns.length) {
    const bar = row.indexOf('|', cellStart);
    const cellEnd = bar < 0 ? row.length : bar;
    const cell = row.slice(cellStart, cellEnd).trim();
    // The next named column whose value this cell holds (an unnamed column's cell matches none).
    const at = columns.findIndex(([, value], index) => index >= next && value === cell);
    if (cell !== '' && at >= 0) {
      next = at + 1;
      const header = headerOf(columns[at]![0], context);
      const name = namesMeasure(header) ? splitIdentifierWords(columns[at]![0]) : [];
      // A bare number under "Latency (ms)" or "Yield target (kg/cow/day)" is in the header's unit.
      const unit = name.length > 0 ? headerUnit(header, read) : undefined;
      for (const quantity of quantities) {
        if (quantity.start < cellStart || quantity.start >= cellEnd) continue;
        for (const word of name) if (!quantity.key.includes(word)) quantity.key.push(word);
        if (unit && !quantity.hasUnit && quantity.dimension === 'count') {
          quantity.value *= unit.value;
          quantity.scale *= unit.value;
          quantity.dimension = unit.dimension;
          quantity.hasUnit = true;
        }
      }
    }
    if (bar < 0) break;
    cellStart = bar + 1;
  }
}

/**
 * A header that names a measure ("maximum entries per library", "Yield target (kg/cow/day)"), not
 * a member written as a name, every word capitalised ("Fleet Pro", "Standard", "Q3").
 */
function namesMeasure(header: string): boolean {
  return /(?<![\p{L}\p{N}])\p{Ll}/u.test(header);
}

/** A column's header as written, found among the context's parts by the column's name (`pump_model`). */
function headerOf(name: string, context: string): string {
  const header = context.split(' · ').find((part) => fieldName(part) === name);
  return header ?? name;
}

/** The unit a header gives its cells in brackets, "(ms)", "(mS/cm)", "(kg/cow/day)": one of it, as the readers read it. */
function headerUnit(header: string, read: (text: string) => Quantity[]): Quantity | undefined {
  const bracketed = /\(([^()]{1,24})\)\s*$/u.exec(header)?.[1]?.trim();
  if (!bracketed || !/^\p{L}/u.test(bracketed)) return undefined;
  // ("kg/cow/day" is read as a claim writes it, "kg per cow per day".)
  for (const unit of [bracketed, bracketed.replace(/\//g, ' per ')]) {
    const [one] = read(`1 ${unit}`);
    if (one && one.hasUnit && one.dimension !== 'count' && one.dimension !== 'percent') return one;
  }
  return undefined;
}
