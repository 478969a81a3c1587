// Two groups' figures given the wrong way round: "IN718 builds yielded better than 316L builds,
// 98.4% against 94.8%" while the table's rows give 316L 252 of 256 parts passed (98.4%) and IN718
// 91 of 96 (94.8%). The claim names two values of one text column and then one figure each, in the
// same order. A group's percentage is a rate: the sum of one count column over the sum of another
// that bounds it in every row (parts_passed ≤ parts_planned); another figure is the sum of one
// column. Both figures must be the other group's of the same measure, to the claim's precision,
// and neither near its own group's: two swapped matches are no coincidence.
import type { Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { writtenFigureIs } from '../derive/matching';
import { tablesOf, type Table, type TableRow } from '../records/tables';
import { MAX_GROUP_ROWS, means, measuresFor, twoNamedValues, written } from '../records/group-measures';
import { tokensOf } from '../align/table-alignment';
import aggregateWords from '../vocabulary/aggregates.json';

/** Words that make the two figures the groups' means ("averaging 94.4% against 91.7%"). */
const MEAN_WORDS = new Set(aggregateWords.mean);

export function contradictSwappedRates(view: ClaimView): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const lower = view.claim.text.toLowerCase();
  const claimWords = tokensOf(view.claim.text);
  const saysMean = [...MEAN_WORDS].some((word) => claimWords.has(word));
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 2 || table.rows.length > MAX_GROUP_ROWS) continue;
    const named = namedGroups(table, lower);
    if (!named) continue;
    const figures = figuresInOrder(view, named[0].at, named[1].at);
    if (!figures) continue;
    const [first, second] = named;
    const [a, b] = figures;
    const measures = [...measuresFor(table, a), ...(saysMean ? means(table) : [])];
    for (const { name, of } of measures) {
      const [mine, theirs] = [of(first.rows), of(second.rows)];
      if (mine === undefined || theirs === undefined) continue;
      if (writtenFigureIs(a, mine, 0.02) || writtenFigureIs(b, theirs, 0.02)) continue;
      if (!writtenFigureIs(a, theirs, 0) || !writtenFigureIs(b, mine, 0)) continue;
      return contradicted(
        second.rows[0]!.unit,
        `claim gives ${first.value} ${a.raw.trim()} and ${second.value} ${b.raw.trim()}; ${name} is ${written(mine, a)} for ${first.value} and ${written(theirs, b)} for ${second.value}: swapped`,
      );
    }
  }
  return undefined;
}

interface Group {
  value: string;
  at: number;
  rows: TableRow[];
}

/** Two values of one text column the claim names ("IN718 … 316L"), in the claim's order, with their rows. */
function namedGroups(table: Table, lower: string): [Group, Group] | undefined {
  const pair = twoNamedValues(table, lower);
  if (!pair) return undefined;
  const group = ({ value, at }: { value: string; at: number }): Group => ({ value, at, rows: table.rows.filter((row) => row.values.get(pair.column) === value) });
  return [group(pair.named[0]), group(pair.named[1])];
}

/**
 * The claim's two figures of one dimension, one for each name in the names' order: both after the
 * two names ("A … than B, x against y") or each after its own ("A made x, B y").
 */
function figuresInOrder(view: ClaimView, first: number, second: number): [Quantity, Quantity] | undefined {
  const figures = view.features.quantities.filter((q) => q.qualifier === undefined || q.qualifier === 'approx');
  if (figures.length !== 2 || figures[0]!.dimension !== figures[1]!.dimension) return undefined;
  const [x, y] = [figures[0]!.start, figures[1]!.start];
  const respectively = x > second;
  const interleaved = x > first && x < second && y > second;
  return respectively || interleaved ? [figures[0]!, figures[1]!] : undefined;
}
