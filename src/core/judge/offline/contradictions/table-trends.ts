// A movement a table's series goes against, in any layout: rows with a period column
// (period=2025-Q4, 2026-Q1) or one row with a column per period (q4_2025, q1_2026), from tool
// rows, tool results or JSON arrays. "Riverside Park's volumes grew" against 3,910 → 3,760;
// "punctuality improved" against on_time_pct 95.2 → 91.7, where the measure's name says which
// way is better (vocabulary/polarity.json). The series runs between the periods the claim names,
// else from the period before the one it names, else first to last.
import { canonicalStem } from '../../../retrieval/index';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import { periodKey, samePeriod, type PeriodKey } from '../records/periods';
import { claimFigures, columnWords, comparedGroups, measureColumn, namedValues, numberLabels, selectRows, textColumns, tokensOf } from '../align/table-alignment';
import { TREND_DOWN, TREND_UP } from './trends';
import polarity from '../vocabulary/polarity.json';

const phrase = (words: readonly string[]): RegExp => new RegExp(`\\b(?:${words.map((w) => w.replace(/\s+/g, '\\s+')).join('|')})\\b`, 'i');
const BETTER_RE = phrase(polarity.better);
const WORSE_RE = phrase(polarity.worse);
const HIGHER_BETTER = new Set(polarity.higherIsBetter.map((w) => canonicalStem(w)));
const LOWER_BETTER = new Set(polarity.lowerIsBetter.map((w) => canonicalStem(w)));

/** +1 when a higher value of the measure is better, -1 when lower is, 0 when its name does not say. */
export function measurePolarity(column: string): number {
  const words = columnWords(column.toLowerCase());
  const joined = words.map((_, i) => words.slice(i, i + 2).join('_'));
  const stems = new Set([...words, ...joined].map((w) => canonicalStem(w)));
  const up = [...stems].some((s) => HIGHER_BETTER.has(s));
  const down = [...stems].some((s) => LOWER_BETTER.has(s));
  return up === down ? 0 : up ? 1 : -1;
}

/** The claimed movement: +1 up, -1 down, or better/worse to be read against the measure. */
function claimedMovement(text: string): { sign: number; evaluative: boolean; wording: string } | undefined {
  // "agreed to drop message priorities": an infinitive names an action, not a movement of a figure.
  const masked = text.replace(/\b(?:to|will|would|can|could|should|must)\s+(?:\p{L}+\s+)?\p{L}+/gu, (m) => m.replace(/\S/g, '#'));
  const down = TREND_DOWN.exec(masked);
  const up = TREND_UP.exec(masked);
  const better = BETTER_RE.exec(masked);
  const worse = WORSE_RE.exec(masked);
  const found = [down, up, better, worse].filter(Boolean);
  if (found.length !== 1) return undefined;
  if (down) return { sign: -1, evaluative: false, wording: down[0] };
  if (up) return { sign: 1, evaluative: false, wording: up[0] };
  return { sign: better ? 1 : -1, evaluative: true, wording: (better ?? worse)![0] };
}

interface Point {
  period: PeriodKey;
  label: string;
  value: number;
  row: TableRow;
}

export function contradictTableTrend(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const movement = claimedMovement(view.claim.text);
  if (!movement) return undefined;
  const claim = tokensOf(view.claim.text);
  for (const table of tablesOf(view.index)) {
    const verdict = trendIn(view, table, movement, claim);
    if (verdict !== undefined) return verdict ?? undefined;
  }
  return undefined;
}

function trendIn(view: ClaimView, table: Table, movement: { sign: number; evaluative: boolean; wording: string }, claim: Set<string>): ClaimVerdict | null | undefined {
  const named = namedValues(view, table, claim);
  const series: Array<{ points: Point[]; measure: string; ends: string[] }> = [];
  const periodColumn = textColumns(table).find((c) => sameKind(table.rows.map((row) => row.values.get(c) ?? '')));
  if (periodColumn) {
    const rows = selectRows(table.rows, named, new Set([periodColumn]));
    if (rows.length < 2) return undefined;
    const measure = measureColumn(view, table, rows, rows, claim, new Set([periodColumn]), numberLabels(named));
    if (!measure) return undefined;
    for (const group of comparedGroups(table, rows, rows, named, new Set([periodColumn]))) {
      const points = group
        .map((row) => ({ period: periodKey(row.values.get(periodColumn)!)!, label: row.values.get(periodColumn)!, value: numericValue(row.values.get(measure) ?? '')!, row }))
        .filter((p) => p.value !== undefined);
      series.push({ points, measure, ends: named.get(periodColumn) ?? [] });
    }
  } else {
    const columns = table.columns.filter((c) => periodKey(c) !== undefined && table.rows.every((row) => numericValue(row.values.get(c) ?? '') !== undefined));
    if (columns.length < 2 || !sameKind(columns)) return undefined;
    const rows = selectRows(table.rows, named, new Set());
    if (rows.length !== 1 || named.size === 0) return undefined;
    const row = rows[0]!;
    const points = columns.map((c) => ({ period: periodKey(c)!, label: c, value: numericValue(row.values.get(c)!)!, row }));
    // The measure is what the table's rows count; its name is the table's, so only plain movements are read.
    if (movement.evaluative) return undefined;
    series.push({ points, measure: '', ends: columns.filter((c) => columnWords(c).some((part) => !/^\d+$/.test(part)) && columnWords(c).every((part) => /^\d+$/.test(part) || claim.has(part))) });
  }
  // The claim's own figures place it on the series: "from 358.0 to 365.2" names two points (and
  // its order of them), "to 71.2%" the point it ends on. A figure the series does not hold is
  // about something else (another clause, another table).
  const figures = claimFigures(view, numberLabels(named));
  const at = (points: readonly Point[], number: number, decimals: number): Point | undefined => points.find((p) => Math.abs(p.value - number) <= 0.5 * 10 ** -decimals + 1e-9);
  const fromTo = /\bfrom\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?[\d.,]+[^.;]{0,20}?\bto\s+/i.test(view.claim.text) && figures.length >= 2;
  // A period the claim names that no point of the series is ("in March" against quarters) reads another series.
  const claimPeriods = [...claim].filter((token) => /\p{L}/u.test(token) && periodKey(token) !== undefined);
  const outcomes: Array<{ from: Point; to: Point; measure: string; against: boolean; reversed?: boolean }> = [];
  for (const { points, measure, ends } of series) {
    if (points.length < 2) continue;
    points.sort((a, b) => a.period.key.localeCompare(b.period.key));
    if (claimPeriods.some((token) => !points.some((p) => samePeriod(periodKey(token)!, p.period)))) continue;
    if (fromTo) {
      // "edged up from 358.0 MW to 365.2 MW" where December was 365.2 and January 358.0: the order is reversed.
      const [a, b] = [at(points, figures[0]!.number, figures[0]!.decimals), at(points, figures[1]!.number, figures[1]!.decimals)];
      if (!a || !b || a === b || a.value === b.value) continue;
      outcomes.push({ from: a, to: b, measure, against: a.period.key > b.period.key, reversed: true });
      continue;
    }
    let from = points[0]!;
    let to = points[points.length - 1]!;
    const named = points.filter((p) => ends.includes(p.label));
    const ending = figures.length === 1 ? points.filter((p) => at([p], figures[0]!.number, figures[0]!.decimals)) : [];
    if (figures.length > 1 || (figures.length === 1 && ending.length !== 1)) continue;
    if (named.length === 2) [from, to] = named as [Point, Point];
    else if (named.length === 1 || ending.length === 1) {
      const end = ending[0] ?? named[0]!;
      const index = points.indexOf(end);
      if (index === 0) continue;
      [from, to] = [points[index - 1]!, end];
    }
    const sign = movement.evaluative ? measurePolarity(measure) * movement.sign : movement.sign;
    if (sign === 0 || to.value === from.value) continue;
    outcomes.push({ from, to, measure, against: sign * (to.value - from.value) < 0 });
  }
  if (outcomes.length === 0) return undefined;
  if (outcomes.some((o) => !o.against)) return null;
  const { from, to, measure, reversed } = outcomes[0]!;
  const what = measure ? `${measure} ` : '';
  if (reversed) {
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [...new Set([from.row.refs[0]!, to.row.refs[0]!])],
      reason: `claim goes from ${from.value} to ${to.value}; ${what}was ${to.value} in ${to.label} (${to.row.refs[0]}) and ${from.value} in ${from.label} (${from.row.refs[0]}), the other way round`,
    };
  }
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [...new Set([from.row.refs[0]!, to.row.refs[0]!])],
    reason: `claim says "${movement.wording}", ${what}goes from ${from.value} (${from.label}, ${from.row.refs[0]}) to ${to.value} (${to.label}, ${to.row.refs[0]})`,
  };
}

/** Every value names a period of one kind, and at least two differ. */
function sameKind(values: readonly string[]): boolean {
  const keys = values.map((value) => periodKey(value));
  if (keys.some((key) => key === undefined)) return false;
  return new Set(keys.map((key) => key!.kind)).size === 1 && new Set(keys.map((key) => key!.key)).size >= 2;
}
