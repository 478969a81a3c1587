// The rows a claim names ("Pen A", "Line 2", "at Leeds"): a row of the same table that the claim
// does not name is another member's record, whatever words it shares with the claim — Pen B's
// 30.0 kg target says nothing of Pen A's.
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { tablesOf, type Table, type TableRow } from '../records/tables';
import { namedValues, selectRows, tokensOf } from './table-alignment';

interface NamedRows {
  /** Per table whose rows the claim names (some of them, not all), the rows it names. */
  chosen: Map<Table, Set<TableRow>>;
  /** The units holding a named row: never another's alone (a tool result of several records). */
  named: Set<IndexedItem>;
}

const NAMED_ROWS = new WeakMap<ClaimView, NamedRows>();

/** Whether `unit` is a row of a table whose rows the claim names, and not one of those rows. */
export function isUnnamedRow(view: ClaimView, unit: IndexedItem): boolean {
  let rows = NAMED_ROWS.get(view);
  if (!rows) NAMED_ROWS.set(view, (rows = namedRows(view)));
  if (rows.chosen.size === 0 || rows.named.has(unit)) return false;
  return (rowsHolding(view.index).get(unit) ?? []).some(({ table, row }) => rows!.chosen.get(table)?.has(row) === false);
}

function namedRows(view: ClaimView): NamedRows {
  const out: NamedRows = { chosen: new Map(), named: new Set() };
  const claim = tokensOf(view.claim.text);
  for (const table of tablesOf(view.index)) {
    const values = namedValues(view, table, claim);
    if (values.size === 0) continue;
    const chosen = selectRows(table, values, new Set());
    for (const row of chosen) for (const unit of row.cells.values()) out.named.add(unit);
    if (chosen.length > 0 && chosen.length < table.rows.length) out.chosen.set(table, new Set(chosen));
  }
  return out;
}

/** The table rows each unit holds a cell of, read once per index. */
const ROWS_HOLDING = new WeakMap<EvidenceIndex, Map<IndexedItem, Array<{ table: Table; row: TableRow }>>>();
function rowsHolding(index: EvidenceIndex): Map<IndexedItem, Array<{ table: Table; row: TableRow }>> {
  let holding = ROWS_HOLDING.get(index);
  if (holding) return holding;
  holding = new Map();
  for (const table of tablesOf(index)) {
    for (const row of table.rows) {
      for (const unit of new Set(row.cells.values())) {
        const list = holding.get(unit);
        if (list) list.push({ table, row });
        else holding.set(unit, [{ table, row }]);
      }
    }
  }
  ROWS_HOLDING.set(index, holding);
  return holding;
}
