// A kind said to have held over every period that one period's row breaks: "On SL-04 the leading
// reason was head recess damage throughout the quarter" while SL-04's August and September rows
// give top_scrap_reason=thread_burr. The claim names one value of a text column (the thing), one
// value of another (the kind; "head recess" for head_recess) and says it held over time
// ("throughout", "in every month", "always"); the thing's rows — two or more, of different
// periods — must all give that kind. A claim narrowed to part of the time is left alone.
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { textColumns } from '../align/table-alignment';
import { periodKey } from '../records/periods';
import { MAX_GROUP_ROWS, distinctValues, rowsOfNamedValues, valuesNamedIn, wordAt } from '../records/group-measures';
import { tablesOf, type Table } from '../records/tables';

const OVER_TIME_RE = /\b(?:every|each)\b(?:\s+(?:one\s+)?of\s+the)?(?:\s+[\p{L}\d-]+){0,2}?\s+(?:day|week|month|quarter|year|shift|period|season)s?\b|\b(?:always|consistently|throughout|all\s+(?:quarter|month|year|season)(?:\s+long)?|for\s+the\s+whole\s+(?:quarter|month|year|season|period))\b/iu;
const PART_OF_TIME_RE = /\b(?:last|past|first|latest|recent|since|after|before|until|from|except|apart)\b/i;
/** A kind is a word value: not a number, a code with digits, or a period. */
const KIND_VALUE_RE = /^\p{L}[\p{L}\s_-]*$/u;

export function contradictHeldCategory(view: ClaimView): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0 || view.wording.absent.length > 0) return undefined;
  const text = view.claim.text;
  if (!OVER_TIME_RE.test(text) || PART_OF_TIME_RE.test(text) || view.features.quantities.length > 0) return undefined;
  const lower = text.toLowerCase();
  const spaced = lower.replace(/[_-]+/g, ' ');
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 3 || table.rows.length > MAX_GROUP_ROWS) continue;
    const periodColumns = table.columns.filter((column) => table.rows.every((row) => periodKey(row.values.get(column) ?? '') !== undefined));
    if (periodColumns.length === 0) continue;
    const found = thingAndKind(table, lower, spaced, periodColumns);
    if (!found) continue;
    const rows = rowsOfNamedValues(view, table, found.kind.column).filter((row) => row.values.get(found.thing.column) === found.thing.value);
    const periods = new Set(rows.map((row) => periodColumns.map((column) => row.values.get(column)).join('\u0000')));
    if (rows.length < 2 || periods.size < 2) continue;
    const other = rows.find((row) => row.values.get(found.kind.column) !== found.kind.value);
    if (!other) return undefined;
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [other.refs[0]!],
      reason: `claim says ${found.thing.value} had ${found.kind.column}=${found.kind.value} over every period; ${other.refs[0]} gives ${found.kind.column}=${other.values.get(found.kind.column)}`,
    };
  }
  return undefined;
}

interface Named {
  column: string;
  value: string;
}

/** One value the claim names of a column of things (SL-04) and one of a column of word kinds (head_recess, written "head recess"). */
function thingAndKind(table: Table, lower: string, spaced: string, periodColumns: readonly string[]): { thing: Named; kind: Named } | undefined {
  const things: Named[] = [];
  const kinds: Named[] = [];
  for (const column of textColumns(table)) {
    if (periodColumns.includes(column)) continue;
    const values = distinctValues(table, column);
    if (values.length < 2) continue;
    if (values.every((value) => KIND_VALUE_RE.test(value))) {
      const named = values.filter((value) => value.length >= 3 && wordAt(spaced, value.toLowerCase().replace(/[_-]+/g, ' ')) >= 0);
      if (named.length === 1) kinds.push({ column, value: named[0]! });
      continue;
    }
    const named = valuesNamedIn(table, column, lower, 2);
    if (named.length === 1) things.push({ column, value: named[0]!.value });
  }
  return things.length === 1 && kinds.length === 1 ? { thing: things[0]!, kind: kinds[0]! } : undefined;
}
