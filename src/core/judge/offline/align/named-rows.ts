// The rows a claim names ("Pen A", "Line 2", "at Leeds"): a row of the same table that the claim
// does not name is another member's record, whatever words it shares with the claim — Pen B's
// 30.0 kg target says nothing of Pen A's.
import type { IndexedItem } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { tablesOf, type TableRow } from '../records/tables';
import { namedValues, selectRows, tokensOf } from './table-alignment';

/** Units holding rows of a table in which the claim names other rows only, per claim. */
const OTHER_ROWS = new WeakMap<ClaimView, ReadonlySet<IndexedItem>>();

/** Whether `unit` is a row of a table whose rows the claim names, and not one of those rows. */
export function isUnnamedRow(view: ClaimView, unit: IndexedItem): boolean {
  let others = OTHER_ROWS.get(view);
  if (!others) OTHER_ROWS.set(view, (others = unnamedRows(view)));
  return others.has(unit);
}

function unnamedRows(view: ClaimView): Set<IndexedItem> {
  const others = new Set<IndexedItem>();
  const named = new Set<IndexedItem>();
  const claim = tokensOf(view.claim.text);
  for (const table of tablesOf(view.index)) {
    const values = namedValues(view, table, claim);
    if (values.size === 0) continue;
    const chosen = new Set<TableRow>(selectRows(table, values, new Set()));
    for (const row of chosen) for (const unit of row.cells.values()) named.add(unit);
    if (chosen.size === 0 || chosen.size === table.rows.length) continue;
    for (const row of table.rows) if (!chosen.has(row)) for (const unit of row.cells.values()) others.add(unit);
  }
  // A unit that also holds a named row (a tool result of several records) is not another's alone.
  for (const unit of named) others.delete(unit);
  return others;
}
