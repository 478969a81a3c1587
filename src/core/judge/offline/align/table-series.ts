// A claim read against a series of a table: the rows of the named entity in time order (rows
// with a period column, or one row with a column per period), and the two points the claim
// speaks of — the periods it names, the point its figure is and the one before, its "from A to B",
// else first and last.
import type { ClaimView } from '../claim-view';
import { numericValue, type Table, type TableRow } from '../records/tables';
import { periodHolds, periodKey, periodsNamed, samePeriod, type PeriodKey } from '../records/periods';
import { atGrain, claimGrain, flagShares, rolledUp } from './rolled-periods';
import { flagShareColumn } from '../records/yes-no-columns';
import periodCodes from '../vocabulary/period-codes.json';
import { NOT_ADDITIVE_RE } from '../vocabulary/index';

/** "Total harvest at EHV-1", "overall volume": the rows of each period added up, not each split apart. */
const TOTAL_RE = /\b(?:total|overall|combined|altogether|in\s+all|all\s+together)\b/i;
import { claimFigures, columnWords, measureColumn, numberLabels, numericColumns, selectRows, textColumns } from './table-alignment';
import { comparedGroups } from './compared-groups';

export interface SeriesPoint {
  period: PeriodKey;
  label: string;
  value: number;
  row: TableRow;
}

export interface Series {
  /** In time order. */
  points: SeriesPoint[];
  /** The measure column; '' for a row with a column per period (the table's own measure). */
  measure: string;
  /** Labels of the points the claim names. */
  ends: string[];
}

/** The named entity's series in a table, one per group of rows the claim does not tell apart. */
export function seriesOf(view: ClaimView, table: Table, claim: Set<string>, named: ReadonlyMap<string, string[]>): Series[] {
  const series: Series[] = [];
  const periodColumn = textColumns(table).find((c) => sameKind(table.rows.map((row) => row.values.get(c) ?? ''))) ?? numberedPeriodColumn(table);
  if (periodColumn) {
    const periodOf = (row: TableRow): PeriodKey | undefined => periodKey(row.values.get(periodColumn)!) ?? numberedPeriod(periodColumn, row.values.get(periodColumn)!);
    let rows = selectRows(table, named, new Set([periodColumn]));
    if (rows.length < 2) return [];
    // Rows with one per period are one series, whatever else differs between them (a defect class
    // that changes from week to week); only periods that repeat need a column to tell series apart.
    const onePerPeriod = new Set(rows.map((row) => row.values.get(periodColumn))).size === rows.length;
    const totals = !onePerPeriod && TOTAL_RE.test(view.claim.text);
    // ("Total landings rose … from about 6,015 t in July to about 7,430 t": a total's figures are sums no
    // row holds, so its measure is the column the claim's words name.)
    const figuresAside = new Set([...numberLabels(named, view.claim.text), ...view.features.quantities.map((q) => q.raw.trim())]);
    const rowKind = periodOf(rows[0]!)?.kind;
    const claimPeriods = periodsNamed([...claim].filter((token) => /\p{L}/u.test(token)));
    // ("declined week on week throughout September": the rows of the longer periods the claim names.)
    const longer = claimPeriods.filter((key) => key.kind !== rowKind);
    const within = longer.length > 0 ? rows.filter((row) => { const own = periodOf(row); return own !== undefined && longer.some((key) => periodHolds(key, own)); }) : rows;
    if (within.length >= 2 && within.length < rows.length) rows = within;
    const coarser = rowKind && claimGrain(view.claim.text, claimPeriods, rowKind);
    // (Weekly rows keyed by their first day are read as they are for "each week".)
    const grain = coarser && !atGrain(rows, periodOf, coarser) ? coarser : undefined;
    // "The first-pass rate improved every month": the share of yes in a yes/no column, period by period.
    const flag = flagShareColumn(view.claim.text, table);
    if (flag) {
      const points = flagShares(rows, periodOf, (row) => row.values.get(periodColumn)!, grain, flag);
      const ends = grain ? (points ?? []).filter((p) => claimPeriods.some((key) => samePeriod(key, p.period))).map((p) => p.label) : (named.get(periodColumn) ?? []);
      return points ? [{ points, measure: `${flag}_rate`, ends }] : [];
    }
    if (grain) {
      // "Failures on C5 eased from Q3 to Q4" against monthly rows: each quarter's rows added up (an average's, their mean).
      const measure = measureColumn(view, table, rows, rows, claim, new Set([periodColumn]), figuresAside);
      const points = measure ? rolledUp(rows, periodOf, grain, measure, NOT_ADDITIVE_RE.test(measure)) : undefined;
      if (!points) return [];
      return [{ points, measure: measure!, ends: points.filter((p) => claimPeriods.some((key) => samePeriod(key, p.period))).map((p) => p.label) }];
    }
    const measure =
      measureColumn(view, table, rows, rows, claim, new Set([periodColumn]), numberLabels(named, view.claim.text)) ??
      (totals ? measureColumn(view, table, rows, rows, claim, new Set([periodColumn]), figuresAside) : undefined);
    if (!measure) return onePerPeriod ? [] : totalsNamedByFigures(view, table, rows, named, periodColumn, periodOf);
    // A total of an amount (a count, a weight, money): one series of each period's rows added up.
    if (totals && !NOT_ADDITIVE_RE.test(measure)) return [{ points: totalsByPeriod(rows, periodColumn, measure, periodOf), measure, ends: named.get(periodColumn) ?? [] }];
    for (const group of onePerPeriod ? [rows] : comparedGroups(table, rows, rows, named, new Set([periodColumn]))) {
      const points = group
        .map((row) => ({ period: periodOf(row)!, label: row.values.get(periodColumn)!, value: numericValue(row.values.get(measure) ?? '')!, row }))
        .filter((p) => p.value !== undefined);
      series.push({ points, measure, ends: named.get(periodColumn) ?? [] });
    }
  } else {
    const columns = table.columns.filter((c) => periodKey(c) !== undefined && table.rows.every((row) => numericValue(row.values.get(c) ?? '') !== undefined));
    if (columns.length < 2 || !sameKind(columns)) return [];
    const rows = selectRows(table, named, new Set());
    if (rows.length !== 1 || named.size === 0) return [];
    const row = rows[0]!;
    const points = columns.map((c) => ({ period: periodKey(c)!, label: c, value: numericValue(row.values.get(c)!)!, row }));
    series.push({ points, measure: '', ends: columns.filter((c) => columnWords(c).some((part) => !/^\d+$/.test(part)) && columnWords(c).every((part) => /^\d+$/.test(part) || claim.has(part))) });
  }
  for (const { points } of series) points.sort((a, b) => a.period.key.localeCompare(b.period.key));
  return series;
}

export interface Span {
  from: SeriesPoint;
  to: SeriesPoint;
  /** The claim gave both figures ("from A to B"); true when the series has them the other way round. */
  reversed?: boolean;
}

/**
 * The two points of a series the claim speaks of. The claim's own figures place it: "from 358.0
 * to 365.2" names two points, "to 71.2%" the point it ends on; a figure the series does not
 * hold is about something else, and so is a period it names that no point is.
 */
export function spanOf(view: ClaimView, series: Series, claim: Set<string>, named: ReadonlyMap<string, string[]>): Span | undefined {
  const { points, ends } = series;
  if (points.length < 2) return undefined;
  const figures = claimFigures(view, numberLabels(named, view.claim.text));
  const at = (number: number, decimals: number): SeriesPoint[] => points.filter((p) => Math.abs(p.value - number) <= 0.5 * 10 ** -decimals + 1e-9);
  const claimPeriods = [...claim].filter((token) => /\p{L}/u.test(token) && periodKey(token) !== undefined);
  if (claimPeriods.some((token) => !points.some((p) => samePeriod(periodKey(token)!, p.period)))) return undefined;
  const fromTo = /\bfrom\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?[\d.,]+[^.;]{0,20}?\bto\s+/i.test(view.claim.text) && figures.length >= 2;
  if (fromTo) {
    const [a, b] = [at(figures[0]!.number, figures[0]!.decimals), at(figures[1]!.number, figures[1]!.decimals)];
    if (a.length !== 1 || b.length !== 1 || a[0] === b[0] || a[0]!.value === b[0]!.value) return undefined;
    return { from: a[0]!, to: b[0]!, reversed: a[0]!.period.key > b[0]!.period.key };
  }
  const ending = figures.length === 1 ? at(figures[0]!.number, figures[0]!.decimals) : [];
  if (figures.length > 1 || (figures.length === 1 && ending.length !== 1)) return undefined;
  const namedPoints = points.filter((p) => ends.includes(p.label));
  if (namedPoints.length === 2) return { from: namedPoints[0]!, to: namedPoints[1]! };
  if (namedPoints.length === 1 || ending.length === 1) {
    const end = ending[0] ?? namedPoints[0]!;
    const index = points.indexOf(end);
    return index === 0 ? undefined : { from: points[index - 1]!, to: end };
  }
  return { from: points[0]!, to: points[points.length - 1]! };
}

const NUMBERED = periodCodes.numbered as Record<string, PeriodKey['kind']>;

/** A period written as a bare number under a column whose name gives its kind: ww=38, week=12, month=9. */
function numberedPeriod(column: string, value: string): PeriodKey | undefined {
  const kind = columnWords(column.toLowerCase()).map((word) => NUMBERED[word]).find(Boolean);
  if (!kind || !/^\d{1,3}$/.test(value.trim())) return undefined;
  return { kind, key: `0000-${value.trim().padStart(kind === 'day' ? 3 : 2, '0')}` };
}

/** The column of a table that numbers its periods (ww, week, month), with at least two of them. */
function numberedPeriodColumn(table: Table): string | undefined {
  return table.columns.find((column) => {
    const keys = table.rows.map((row) => numberedPeriod(column, row.values.get(column) ?? ''));
    return keys.every((key) => key !== undefined) && new Set(keys.map((key) => key!.key)).size >= 2;
  });
}

/** Every value names a period of one kind, and at least two differ. */
function sameKind(values: readonly string[]): boolean {
  const keys = values.map((value) => periodKey(value));
  if (keys.some((key) => key === undefined)) return false;
  return new Set(keys.map((key) => key!.kind)).size === 1 && new Set(keys.map((key) => key!.key)).size >= 2;
}

/**
 * "Lounge use rose each month, from 481 patients in January to 527 in March" against rows split by
 * hour band: when every figure of the claim is a period's rows added up and none is one row's, the
 * claim speaks of the totals, though it does not say "total".
 */
function totalsNamedByFigures(view: ClaimView, table: Table, rows: readonly TableRow[], named: ReadonlyMap<string, string[]>, periodColumn: string, periodOf: (row: TableRow) => PeriodKey | undefined): Series[] {
  const figures = claimFigures(view, numberLabels(named, view.claim.text));
  // (Two figures at least: one total that a single figure happens to equal is no reading of the series.)
  if (figures.length < 2) return [];
  const near = (value: number | undefined, f: (typeof figures)[number]): boolean => value !== undefined && Math.abs(value - f.number) <= 0.5 * 10 ** -f.decimals + 1e-9;
  // Amounts only: a column of rates, averages or percentages does not add up.
  const amounts = numericColumns(table, rows, new Set([periodColumn])).filter((c) => !NOT_ADDITIVE_RE.test(c) && rows.every((row) => !(row.values.get(c) ?? '').includes('%')));
  const fitting = amounts
    .map((measure) => ({ measure, points: totalsByPeriod(rows, periodColumn, measure, periodOf) }))
    .filter(({ measure, points }) => figures.every((f) => points.some((p) => near(p.value, f)) && !rows.some((row) => near(numericValue(row.values.get(measure) ?? ''), f))));
  return fitting.length === 1 ? [{ ...fitting[0]!, ends: named.get(periodColumn) ?? [] }] : [];
}

/** Each period's rows added up under the measure, cited by the period's first row; a period with a blank cell is left out. */
function totalsByPeriod(rows: readonly TableRow[], periodColumn: string, measure: string, periodOf: (row: TableRow) => PeriodKey | undefined): SeriesPoint[] {
  const byPeriod = new Map<string, TableRow[]>();
  for (const row of rows) {
    const label = row.values.get(periodColumn)!;
    const group = byPeriod.get(label);
    if (group) group.push(row);
    else byPeriod.set(label, [row]);
  }
  const points: SeriesPoint[] = [];
  for (const [label, group] of byPeriod) {
    const values = group.map((row) => numericValue(row.values.get(measure) ?? ''));
    if (values.some((value) => value === undefined)) continue;
    const total = values.reduce((sum: number, value) => sum + value!, 0);
    points.push({ period: periodOf(group[0]!)!, label, value: Math.round(total * 1e6) / 1e6, row: group[0]! });
  }
  return points.sort((a, b) => a.period.key.localeCompare(b.period.key));
}
