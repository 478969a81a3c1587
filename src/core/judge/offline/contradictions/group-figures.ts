// A group's figure that is another group's: "Week 12 was the busiest dispatch week, with 348
// pallets" while week 12's rows add up to 354 and week 13's to 348. Or one of the group's rows
// given as its total: "CL-2 lost 480 minutes to downtime in total over the week" while one shift
// lost 480 and the line's rows add up to 600. The claim names one group (a
// value of a text column whose values repeat, or a period by its own name); a figure of a measure
// its words name (a column's total, or for a percentage one count's share of the column that bounds
// it) is not the named group's aggregate, to the figure's written precision, but is exactly another
// group's. A figure that is no group's at all is left to the other checks: a sum over other rows, or
// a rounding, may still give it.
import { canonicalStem, type Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView } from '../claim-view';
import { columnWords, periodNumbers, tokensOf } from '../align/table-alignment';
import { tablesOf, type TableRow } from '../records/tables';
import { MAX_GROUP_ROWS, measuresFor, namedGroup, rowsOfNamedValues, written, type Measure } from '../records/group-measures';
import { measureWordsOf, measuresOf } from '../derive/aggregate-measures';
import { isBound, significantDigits, writtenFigureIs } from '../derive/matching';
import { labelOfFigure, openingPeriod } from '../figures';
import ranks from '../vocabulary/ranks.json';
import aggregateWords from '../vocabulary/aggregates.json';

const WHOLES = new Set(ranks.aggregates);
/** An average, a second group joined in, a target, a group left out: the figure is not the group's own total. */
const NOT_OWN_WORDS = new Set([...aggregateWords.mean, ...aggregateWords.joiningWords, ...aggregateWords.notOwnTotal]);
/** Words that make the figure the group's sum over all its rows, not one row's value. */
const TOTAL_WORDS = new Set(aggregateWords.totalWords);
/** Words right after the figure that make it a share "of" something, a difference or a multiple, not the group's own total. */
const NOT_OWN_AFTER_RE = /^\s*(?:%\s*)?(?:of|more|less|fewer|higher|lower|above|below|up|down|over|under|times|x\b|per\b)/i;
/** A change or a comparison: figures of two ends or two sides, which other checks read. */
const CHANGE_RE = /\b(?:from|rose|fell|grew|dropped|increased|decreased|climbed|declined|up|down|change|compared|against|versus|vs)\b/i;

export function contradictGroupFigure(view: ClaimView): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0 || CHANGE_RE.test(view.claim.text)) return undefined;
  if (view.claim.text.toLowerCase().split(/[^\p{L}]+/u).some((word) => NOT_OWN_WORDS.has(word) || NOT_OWN_WORDS.has(canonicalStem(word)))) return undefined;
  const labels = periodNumbers(view.claim.text);
  const figures = view.features.quantities.filter((q) => !labels.has(q.raw.trim()) && !isBound(q) && q.qualifier !== 'delta' && Number.isFinite(q.value) && significantDigits(q) >= 2);
  if (figures.length !== 1) return undefined;
  const figure = figures[0]!;
  if (NOT_OWN_AFTER_RE.test(view.claim.text.slice(figure.start + figure.raw.length)) || !labelledAsSubject(view, figure)) return undefined;
  const lower = view.claim.text.toLowerCase();
  const claimWords = tokensOf(view.claim.text);
  const saysTotal = [...TOTAL_WORDS].some((word) => claimWords.has(word));
  const words = measureWordsOf(view, claimWords);
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 3 || table.rows.length > MAX_GROUP_ROWS) continue;
    const group = namedGroup(table, lower, WHOLES);
    if (!group) continue;
    // (Named by the claim's own words, not only by being the table's one measure.)
    const named = new Set(measuresOf(table, words).filter((column) => columnWords(column.toLowerCase()).some((part) => claimWords.has(canonicalStem(part)))));
    const measures = measuresFor(table, figure).filter((measure) => measure.column !== undefined && named.has(measure.column));
    if (measures.length === 0) continue;
    const groups = new Map<string, TableRow[]>();
    for (const row of rowsOfNamedValues(view, table, group.column)) {
      const value = row.values.get(group.column) ?? '';
      if (value !== '') groups.set(value, [...(groups.get(value) ?? []), row]);
    }
    const is = (value: number | undefined): boolean => value !== undefined && writtenFigureIs(figure, value, 0.03);
    // (A group of one row is a row, which the checks of rows read.)
    const ofGroup = (measure: Measure, value: string): number | undefined => {
      const mine = groups.get(value) ?? [];
      return mine.length < 2 ? undefined : measure.of(mine);
    };
    // The figure is the named group's by some measure: nothing to contradict.
    if (measures.some((measure) => is(ofGroup(measure, group.value)))) return undefined;
    for (const measure of measures) {
      const own = ofGroup(measure, group.value);
      const part = saysTotal && own !== undefined ? oneRowGiving(groups.get(group.value)!, measure, is) : undefined;
      if (own !== undefined && part !== undefined) {
        return {
          partition: 'contradicted',
          type: 'synthesis',
          evidence_refs: [part.refs[0]!],
          reason: `claim gives ${group.value} ${figure.raw.trim()} in total by ${measure.name}; ${group.value}'s ${groups.get(group.value)!.length} rows add up to ${Number.isInteger(own) ? own : written(own, figure)}, and ${figure.raw.trim()} is one row's`,
        };
      }
      const other = [...groups.keys()].find((value) => value !== group.value && is(ofGroup(measure, value)));
      if (own === undefined || other === undefined) continue;
      const unit = groups.get(group.value)![0]!;
      return {
        partition: 'contradicted',
        type: 'synthesis',
        evidence_refs: [unit.refs[0]!],
        reason: `claim gives ${group.value} ${figure.raw.trim()} by ${measure.name}; ${group.value}'s rows give ${written(own, figure)}, and ${figure.raw.trim()} is ${other}'s`,
      };
    }
  }
  return undefined;
}

/** The one row of a group whose own value of the measure is the figure (a part given as the whole). */
function oneRowGiving(rows: readonly TableRow[], measure: Measure, is: (value: number | undefined) => boolean): TableRow | undefined {
  const giving = rows.filter((row) => is(measure.of([row])));
  return giving.length === 1 ? giving[0] : undefined;
}

/** No label of its own after the figure ("348 pallets in week 13" is week 13's), or only the period the claim opens with. */
function labelledAsSubject(view: ClaimView, figure: Quantity): boolean {
  const label = labelOfFigure(view, figure);
  const opening = openingPeriod(view.claim.text);
  return label === undefined || (opening !== undefined && opening.noun === label.noun && opening.value === label.value);
}
