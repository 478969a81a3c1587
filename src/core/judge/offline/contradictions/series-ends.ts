// The wrong end of a change a series gives: "Foz's weekly van shifts were cut from 10 to 8" while
// Foz's rows give van_shifts 10, 10, 9 and 9 from W36 to W39. The claim goes from one figure to
// another; the named entity's series of the measure (align/table-series.ts, one row a period)
// runs between the two periods the claim names, else from first to last; the measure is the
// column the claim's words name. When one end of the claim is that end of the series and the other
// is no point of the series at all, the claim gives the other end wrongly. (A figure some point
// holds is another span's, left to the trend checks.)
import type { Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { firstTableVerdict, namedValues, numericColumns, statedPlainly } from '../align/table-alignment';
import { columnNamedBy } from '../align/column-names';
import { seriesOf, type SeriesPoint } from '../align/table-series';
import { writtenFigureIs } from '../derive/matching';
import { changePair } from './change-ends';

/** A point's value against a claimed figure as written ("about" allows 5%). */
const holds = (figure: Quantity, point: SeriesPoint): boolean => writtenFigureIs(figure, point.value, 0.05);

export function contradictSeriesEnd(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view)) return undefined;
  const pair = changePair(view);
  if (!pair) return undefined;
  return firstTableVerdict(view, (table, claim) => {
    const all = seriesOf(view, table, claim, namedValues(view, table, claim));
    if (all.length !== 1 || all[0]!.measure === '') return undefined;
    const { points, ends, measure } = all[0]!;
    if (points.length < 2 || new Set(points.map((p) => p.period.key)).size !== points.length) return undefined;
    // The measure the claim's words name, not only the column one of its figures falls in by chance.
    if (columnNamedBy(numericColumns(table, points.map((p) => p.row)), claim) !== measure) return undefined;
    const named = points.filter((p) => ends.includes(p.label));
    if (named.length !== 0 && named.length !== 2) return undefined;
    const [first, last] = named.length === 2 ? [named[0]!, named[1]!] : [points[0]!, points.at(-1)!];
    const wrongEnd = (known: Quantity, knownPoint: SeriesPoint, other: Quantity, otherPoint: SeriesPoint): ClaimVerdict | undefined => {
      if (!holds(known, knownPoint) || points.some((p) => holds(other, p))) return undefined;
      const cell = otherPoint.row.cells.get(measure) ?? otherPoint.row.unit;
      return contradicted(cell, `claim says ${other.raw.trim()}; ${cell.item.id} gives ${measure}=${otherPoint.row.values.get(measure)} for ${otherPoint.label} (the other end from ${known.raw.trim()}, ${knownPoint.label})`);
    };
    return wrongEnd(pair.from, first, pair.to, last) ?? wrongEnd(pair.to, last, pair.from, first);
  });
}
