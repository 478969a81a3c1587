// A change told the wrong way round: "Grade A share for P50 improved slightly, from 93.0% to
// 93.7%" while P50's rows give 93.7% in W38 and 93.0% in W39. The claim goes "from" one figure
// "to" another; a table with a column of periods gives the measure for its first and last periods
// (or the two the claim names, or the rows of the two longer periods it names, in the claim's own
// order), over the rows of the values the claim names in its other columns. Both figures must be
// the other end's, to the claim's precision, and neither near its own end's: two swapped matches
// are no coincidence (records/group-measures.ts).
import type { Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { writtenFigureIs } from '../derive/matching';
import { textColumns, tokensOf } from '../align/table-alignment';
import { periodHolds, periodKey, periodsNamed, type PeriodKey } from '../records/periods';
import { tablesOf, type Table } from '../records/tables';
import { MAX_GROUP_ROWS, distinctValues, measuresFor, rowsOfNamedValues, valuesNamedIn, written } from '../records/group-measures';

const FROM_RE = /\bfrom\s+(?:about\s+|around\s+|roughly\s+)?$/i;
const TO_RE = /^\s*(?:[\p{L}\d-]+\s+){0,3}?to\s+(?:about\s+|around\s+|roughly\s+)?$/iu;

export function contradictReversedEnds(view: ClaimView): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const ends = fromTo(view);
  if (!ends) return undefined;
  const [from, to] = ends;
  const lower = view.claim.text.toLowerCase();
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 2 || table.rows.length > MAX_GROUP_ROWS) continue;
    const periods = endPeriods(table, lower);
    if (!periods) continue;
    const rows = rowsOfNamedValues(view, table, periods.column);
    const [early, late] = [rows.filter((row) => periods.first(row.values.get(periods.column) ?? '')), rows.filter((row) => periods.last(row.values.get(periods.column) ?? ''))];
    if (early.length === 0 || late.length === 0) continue;
    for (const { name, of } of measuresFor(table, from)) {
      const [before, after] = [of(early), of(late)];
      if (before === undefined || after === undefined) continue;
      if (writtenFigureIs(from, before, 0.02) || writtenFigureIs(to, after, 0.02)) continue;
      if (!writtenFigureIs(from, after, 0) || !writtenFigureIs(to, before, 0)) continue;
      return contradicted(
        late[0]!.unit,
        `claim goes from ${from.raw.trim()} to ${to.raw.trim()}; ${name} is ${written(before, from)} in ${periods.labels[0]} and ${written(after, to)} in ${periods.labels[1]}: the other way round`,
      );
    }
  }
  return undefined;
}

/** The claim's "from x to y": two figures of one dimension, the only two of it the claim gives. */
function fromTo(view: ClaimView): [Quantity, Quantity] | undefined {
  const text = view.claim.text;
  const figures = view.features.quantities.filter((q) => q.qualifier === undefined || q.qualifier === 'approx');
  for (let i = 0; i + 1 < figures.length; i++) {
    const [x, y] = [figures[i]!, figures[i + 1]!];
    if (x.dimension !== y.dimension || figures.filter((q) => q.dimension === x.dimension).length !== 2) continue;
    if (FROM_RE.test(text.slice(Math.max(0, x.start - 20), x.start)) && TO_RE.test(text.slice(x.start + x.raw.length, y.start))) return [x, y];
  }
  return undefined;
}

/**
 * A column of periods and its two ends: the two values the claim names, or the values of the two
 * longer periods it names ("from 84% in Q2 to 87% in Q3" over monthly rows), in the claim's order;
 * else (naming none) the first and the last value, in time order.
 */
interface EndPeriods {
  column: string;
  /** Whether a value of the column is one of the first end's (the last end's) periods. */
  first: (value: string) => boolean;
  last: (value: string) => boolean;
  labels: [string, string];
}

function endPeriods(table: Table, lower: string): EndPeriods | undefined {
  const claimed = periodsNamed(tokensOf(lower));
  for (const column of textColumns(table)) {
    const keyed = distinctValues(table, column).map((value) => ({ value, key: periodKey(value)! }));
    if (keyed.length < 2 || keyed.some(({ key }) => key === undefined || key.kind === 'day')) continue;
    // Periods the claim names run in its own order ("from 88.0% in Q4 to 92.0% in Q1"): a year may turn between them.
    const named = valuesNamedIn(table, column, lower, 1).sort((a, b) => a.at - b.at);
    if (named.length === 2) return ends(column, named[0]!.value, named[1]!.value);
    if (named.length !== 0) return undefined;
    // Two longer periods the claim names, each holding some of the column's.
    const longer = claimed.filter((period) => keyed.some(({ key }) => key.kind !== period.kind && periodHolds(period, key)));
    if (longer.length === 2) {
      const within = (period: PeriodKey) => (value: string): boolean => periodHolds(period, periodKey(value)!);
      return { column, first: within(longer[0]!), last: within(longer[1]!), labels: [labelOf(longer[0]!), labelOf(longer[1]!)] };
    }
    if (claimed.length > 0) return undefined;
    const sorted = [...keyed].sort((a, b) => byKey(a.key, b.key));
    return ends(column, sorted[0]!.value, sorted.at(-1)!.value);
  }
  return undefined;
}

function ends(column: string, first: string, last: string): EndPeriods {
  return { column, first: (value) => value === first, last: (value) => value === last, labels: [first, last] };
}

/** A period as a reader writes it: Q2, H1 2024, W38, 2024-07. */
function labelOf(period: PeriodKey): string {
  const [year, part] = period.key.split('-') as [string, string | undefined];
  const letter = { quarter: 'Q', half: 'H', week: 'W' }[period.kind as 'quarter' | 'half' | 'week'];
  if (!letter || part === undefined) return year === '0000' ? (part ?? period.key) : period.key;
  return `${letter}${Number(part)}${year === '0000' ? '' : ` ${year}`}`;
}

function byKey(a: PeriodKey, b: PeriodKey): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
