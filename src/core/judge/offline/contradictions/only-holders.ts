// One thing said to be alone in a kind a column gives: "The only downgraded lot was soybean lot
// SB-24-0408" while HX-24-0730's row gives release_status=downgraded; "Over-ripe claims came only
// from RR-07" while RR-13's claim is over-ripe too. The claim names one value of a column of things
// (codes: SB-24-0408, RR-07) and, next to its word of exclusivity, one value of a column of word
// kinds (downgraded); another thing with a row of that kind refutes "the only one". Whether the
// named thing is itself of that kind is the other checks' to say.
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { namedValues, textColumns, tokensOf } from '../align/table-alignment';
import { MAX_GROUP_ROWS, distinctValues, valuesNamedIn, wordAt } from '../records/group-measures';
import { tablesOf, type Table, type TableRow } from '../records/tables';
import { columnWords } from '../align/column-names';
import { canonicalStem, isStopword } from '../../../retrieval/index';
import onlyWords from '../vocabulary/only-holders.json';

const LINKING = new Set(onlyWords.linking);

/** "the only", "only from", "all of the … came from", "solely", "exclusively". */
const ONLY_RE = /\b(?:the\s+only|only\s+(?:from|in|at|on|by|to|for|with)|solely|exclusively|all\s+of\s+the)\b/iu;
/** A kind is a value of words ("under-ripe (green tips)"): not a number, a code with digits, or a period. */
const KIND_VALUE_RE = /^\p{L}[^\d]*$/u;

interface Named {
  column: string;
  value: string;
  at: number;
}

export function contradictOnlyHolder(view: ClaimView): ClaimVerdict | undefined {
  // (Exclusivity is itself read as an absence, "none but RR-07": only a hedge or a denial stops the check.)
  if (view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const text = view.claim.text;
  const only = ONLY_RE.exec(text);
  if (!only) return undefined;
  const lower = text.toLowerCase();
  const spaced = lower.replace(/[_-]+/g, ' ');
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 3 || table.rows.length > MAX_GROUP_ROWS) continue;
    const found = thingAndKind(table, lower, spaced, only.index);
    if (!found) continue;
    const { thing, kind } = found;
    const named = namedValues(view, table, tokensOf(text));
    if (!onlyNamesAndKind(lower, spaced, table, named)) return undefined;
    const own = table.rows.filter((row) => row.values.get(thing.column) === thing.value);
    const rows = rowsInScope(table, named, [thing.column, kind.column], own);
    const holder = rows.find((row) => row.values.get(kind.column) === kind.value && row.values.get(thing.column) !== thing.value && row.values.get(thing.column));
    if (!holder) return undefined;
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [holder.refs[0]!],
      reason: `claim says only ${thing.value} is ${kind.value}; ${holder.refs[0]} gives ${thing.column}=${holder.values.get(thing.column)} with ${kind.column}=${kind.value}`,
    };
  }
  return undefined;
}

/** The one thing the claim names (a code) and, of the word kinds it names, the one nearest its word of exclusivity. */
function thingAndKind(table: Table, lower: string, spaced: string, onlyAt: number): { thing: Named; kind: Named } | undefined {
  const things: Named[] = [];
  const kinds: Named[] = [];
  for (const column of textColumns(table)) {
    const values = distinctValues(table, column);
    if (values.length < 2) continue;
    if (values.every((value) => KIND_VALUE_RE.test(value))) {
      // (A kind repeats: a column of distinct words names things, not kinds.)
      if (values.length >= table.rows.length) continue;
      const named = values.map((value) => ({ value, at: wordAt(spaced, value.toLowerCase().replace(/[_-]+/g, ' ')) })).filter((n) => n.value.length >= 3 && n.at >= 0);
      if (named.length === 1) kinds.push({ column, ...named[0]! });
      continue;
    }
    const named = valuesNamedIn(table, column, lower, 2);
    if (named.length === 1) things.push({ column, ...named[0]! });
  }
  if (things.length !== 1 || kinds.length === 0) return undefined;
  const distance = (named: Named): number => Math.abs(named.at - onlyAt);
  const kind = kinds.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  return { thing: things[0]!, kind };
}

/** Every word of the claim is a name or value of the table's, or a linking word: it says no more than the kind. */
function onlyNamesAndKind(lower: string, spaced: string, table: Table, named: ReadonlyMap<string, string[]>): boolean {
  const covered = new Set<string>();
  const add = (text: string): void => {
    for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (token) covered.add(canonicalStem(token));
  };
  for (const column of table.columns) columnWords(column).forEach(add);
  for (const values of named.values()) values.forEach(add);
  for (const column of textColumns(table)) for (const value of distinctValues(table, column)) if (wordAt(spaced, value.toLowerCase().replace(/[_-]+/g, ' ')) >= 0) add(value);
  return lower
    .split(/[^\p{L}\p{N}]+/u)
    .every((token) => !token || /^\d+$/.test(token) || LINKING.has(token) || isStopword(token) || covered.has(canonicalStem(token)));
}

/**
 * The rows of the values the claim names in other columns ("in week 41"), but for values that
 * only describe the named thing ("soybean lot SB-24-0408": every row of it is soybean), which say
 * which thing is meant, not where to look for others.
 */
function rowsInScope(table: Table, named: ReadonlyMap<string, string[]>, except: readonly string[], own: readonly TableRow[]): TableRow[] {
  let rows = table.rows;
  for (const [column, values] of named) {
    if (except.includes(column)) continue;
    const chosen = new Set(values);
    if (own.length > 0 && own.every((row) => chosen.has(row.values.get(column) ?? ''))) continue;
    rows = rows.filter((row) => chosen.has(row.values.get(column) ?? ''));
  }
  return rows;
}
