// A value said to have held from one state to another: "GL-2407-02 held its arrival score in
// production" while the lot's arrival row gives 87.25 and its production row 86.25. The claim
// names the entity's row by one value of a column and the two states by two values of another
// (session_type: arrival, production); the measure is the column its noun names (score:
// mean_score). Two different values contradict the claim.
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, type Table } from '../records/tables';
import { firstTableVerdict, measureColumn, namedValues, numberLabels, selectRows, statedPlainly } from '../align/table-alignment';

const HELD_RE = /\b(?:held|kept|maintained|retained|preserved)\s+(?:its|their|the\s+same)\b/i;

export function contradictHeldValue(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view) || !HELD_RE.test(view.claim.text) || view.features.quantities.length > 0) return undefined;
  return firstTableVerdict(view, (table, claim) => heldIn(view, table, claim));
}

function heldIn(view: ClaimView, table: Table, claim: Set<string>): ClaimVerdict | null | undefined {
  const named = namedValues(view, table, claim);
  const states = [...named].filter(([, values]) => values.length === 2);
  const entities = [...named].filter(([, values]) => values.length === 1);
  if (states.length !== 1 || entities.length === 0) return undefined;
  const [column, [a, b]] = states[0]! as [string, [string, string]];
  const rows = selectRows(table, named, new Set([column]));
  const first = rows.filter((row) => row.values.get(column) === a);
  const second = rows.filter((row) => row.values.get(column) === b);
  if (first.length !== 1 || second.length !== 1) return undefined;
  const measure = measureColumn(view, table, rows, [...first, ...second], claim, new Set([column, ...entities.map(([c]) => c)]), numberLabels(named, view.claim.text));
  if (!measure) return undefined;
  const [x, y] = [numericValue(first[0]!.values.get(measure) ?? ''), numericValue(second[0]!.values.get(measure) ?? '')];
  if (x === undefined || y === undefined) return undefined;
  if (x === y) return null;
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [first[0]!.refs[0]!, second[0]!.refs[0]!],
    reason: `claim says it held; ${measure} is ${first[0]!.values.get(measure)} for ${a} (${first[0]!.refs[0]}) and ${second[0]!.values.get(measure)} for ${b} (${second[0]!.refs[0]})`,
  };
}
