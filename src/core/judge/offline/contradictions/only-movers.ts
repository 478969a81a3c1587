// A movement claimed of one member alone: "Tyre repairs were the only category that increased"
// while vandalism repairs rose too (40 → 44). The member is the one value the claim names in a
// column of names; every member of that column has its own series of the measure (one row a
// period, or one row with a column per period: align/table-series.ts), read over the periods the
// claim names, else first to last ("rose month after month": every step). Another member that
// moves the claimed way refutes "the only one"; the named member's own movement is the trend
// checks' (table-trends.ts).
import type { ClaimVerdict, ClaimView } from '../claim-view';
import type { Table } from '../records/tables';
import { firstTableVerdict, namedValues, statedPlainly, textColumns } from '../align/table-alignment';
import { seriesOf, type Series, type SeriesPoint } from '../align/table-series';
import { measurePolarity } from '../align/measure-direction';
import { EVERY_STEP_RE, claimedMovement } from './table-trends';
import ranks from '../vocabulary/ranks.json';

/** Values naming a row that sums the others (ALL, Total): no member of its own. */
const AGGREGATE_ROWS = new Set(ranks.aggregates);

/** "the only district whose use went up", "the only one where …", "alone among the lines". */
const ONLY_RE = /\bthe\s+only\s+(?:one|[\p{L}-]+)\s+(?:whose|where|that|which|in\s+which|to|with)\b|\balone\s+among\b/iu;

export function contradictOnlyMover(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view) || !ONLY_RE.test(view.claim.text)) return undefined;
  const movement = claimedMovement(view.claim.text);
  if (!movement || movement.sign === 0) return undefined;
  const everyStep = EVERY_STEP_RE.test(view.claim.text);
  return firstTableVerdict(view, (table, claim) => {
    const named = namedValues(view, table, claim);
    const members = memberColumn(table, named);
    if (!members) return undefined;
    const own = named.get(members)![0]!;
    const ownSeries = seriesOf(view, table, claim, named);
    if (ownSeries.length !== 1) return undefined;
    // The claim's figures are its own member's ("from 98.1% to 96.2%"): another member's measure is the one its words name.
    const wordsOnly: ClaimView = { ...view, features: { ...view.features, quantities: [] } };
    let ownMoved: boolean | undefined;
    let other: { member: string; measure: string; from: SeriesPoint; to: SeriesPoint } | undefined;
    for (const member of new Set(table.rows.map((row) => row.values.get(members)).filter((v): v is string => v !== undefined))) {
      if (AGGREGATE_ROWS.has(member.toLowerCase())) continue;
      const series = member === own ? ownSeries : seriesOf(wordsOnly, table, claim, new Map([...named, [members, [member]]]));
      if (series.length !== 1 || series[0]!.points.length < 2 || series[0]!.measure !== ownSeries[0]!.measure) return undefined;
      const sign = movement.evaluative ? measurePolarity(series[0]!.measure) * movement.sign : movement.sign;
      if (sign === 0) return undefined;
      const span = moved(series[0]!, sign, everyStep);
      if (!span) return undefined;
      if (member === own) ownMoved = span.moved;
      else if (span.moved && !other) other = { member, measure: series[0]!.measure, from: span.from, to: span.to };
    }
    if (ownMoved !== true || !other) return undefined;
    const { member, measure, from, to } = other;
    const what = measure ? `${measure} ` : '';
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [...new Set([from.row.refs[0]!, to.row.refs[0]!])],
      reason: `claim says only ${own} ${movement.wording}; ${member}'s ${what}also goes from ${from.value} (${from.label}) to ${to.value} (${to.label}, ${to.row.refs[0]})`,
    };
  });
}

/** The column of names in which the claim names one value, among three or more. */
function memberColumn(table: Table, named: ReadonlyMap<string, string[]>): string | undefined {
  const columns = textColumns(table).filter((c) => named.get(c)?.length === 1 && new Set(table.rows.map((row) => row.values.get(c))).size >= 3);
  return columns.length === 1 ? columns[0] : undefined;
}

/** Whether a series moves the claimed way over the periods the claim names (else first to last), or at every step. */
function moved(series: Series, sign: number, everyStep: boolean): { moved: boolean; from: SeriesPoint; to: SeriesPoint } | undefined {
  const { points, ends } = series;
  const named = points.filter((p) => ends.includes(p.label));
  if (named.length === 1 || named.length > 2) return undefined;
  const span = named.length === 2 ? points.slice(points.indexOf(named[0]!), points.indexOf(named[1]!) + 1) : points;
  const from = span[0]!;
  const to = span.at(-1)!;
  const steps = everyStep ? span.slice(1).every((point, i) => sign * (point.value - span[i]!.value) > 0) : sign * (to.value - from.value) > 0;
  return { moved: steps, from, to };
}
