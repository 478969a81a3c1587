// Columns of a table that answer yes or no for each row (qc_first_pass=Y/N, on_time=yes/no),
// read with the values of vocabulary/flag-values.json, and the one a claim's share names.
import flagWords from '../vocabulary/flag-values.json';
import type { Table, TableRow } from './tables';
import { canonicalStem } from '../../../retrieval/index';
import { columnWords, textColumns } from '../align/table-alignment';

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

/** "the first-pass rate", "the on-time share": the words of what a share counts, before its share word. */
const SHARE_OF_RE = new RegExp(`([\\p{L}][\\p{L}-]*(?:\\s+[\\p{L}][\\p{L}-]*)?)\\s+(?:${flagWords.shareWords.join('|')})\\b`, 'iu');

/**
 * The yes/no column a claim's share names ("the first-pass rate" of qc_first_pass=Y/N): every
 * word before the share word is a word of the column's name.
 */
export function flagShareColumn(text: string, table: Table): string | undefined {
  const words = SHARE_OF_RE.exec(text)?.[1]?.toLowerCase().split(/[\s-]+/).map((word) => canonicalStem(word)).filter((word) => word.length > 1 && !/^(?:the|a|an|its|their|overall)$/.test(word));
  if (!words || words.length === 0) return undefined;
  const named = yesNoColumns(table).filter((column) => {
    const parts = new Set(columnWords(column.toLowerCase()).map((part) => canonicalStem(part)));
    return words.every((word) => parts.has(word));
  });
  return named.length === 1 ? named[0] : undefined;
}
