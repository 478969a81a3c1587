// A series read at the grain the claim speaks in, coarser than the rows': "failures eased from Q3 to
// Q4" against monthly rows, "rose each month" against daily rows. Each point adds up the rows its
// period holds, or takes their mean for a rate or an average; a period is read only when every
// one of its months (for monthly rows) or days (for daily rows) has rows: a part-period is never
// compared with a whole one, and rows of events or of weeks, which no calendar fills, are not added up.
// A share of yes in a yes/no column is read period by period the same way, without a full calendar.
import { numericValue, type TableRow } from '../records/tables';
import { isoWeekKey, type PeriodKey } from '../records/periods';
import periodCodes from '../vocabulary/period-codes.json';
import { saysYes } from '../records/yes-no-columns';

export type Grain = 'week' | 'month' | 'quarter' | 'half';

export interface RolledPoint {
  period: PeriodKey;
  label: string;
  value: number;
  row: TableRow;
}

/** How many months a period of each grain spans, and the kinds of rows it can hold. */
const GRAINS: Record<Grain, { months: number; holds: ReadonlyArray<PeriodKey['kind']> }> = {
  week: { months: 0, holds: ['day'] },
  month: { months: 1, holds: ['day'] },
  quarter: { months: 3, holds: ['month', 'day'] },
  half: { months: 6, holds: ['month', 'day'] },
};

/** "each month", "month on month", "monthly", "every quarter": the grain of a claimed step (period-codes.json stepWords). */
const STEP_RE = new RegExp(`\\b(?:(?:every|each|per)\\s+(${Object.keys(periodCodes.stepWords).join('|')})|(${Object.keys(periodCodes.stepWords).join('|')})\\s+(?:on|after|over)\\s+\\2|(${Object.values(periodCodes.stepWords).join('|')}))\\b`, 'i');

/**
 * The grain coarser than the rows' own that the claim speaks in: the period of its steps ("each
 * month"), else the one kind of the periods it names ("Q3", "Q4"). Undefined when the claim speaks
 * at the rows' own grain or names periods of more than one kind.
 */
export function claimGrain(text: string, named: readonly PeriodKey[], rowKind: PeriodKey['kind']): Grain | undefined {
  const step = STEP_RE.exec(text);
  const stepWord = step ? (step[1] ?? step[2] ?? Object.keys(periodCodes.stepWords).find((word) => (periodCodes.stepWords as Record<string, string>)[word] === step[3]!.toLowerCase())) : undefined;
  const stepGrain = stepWord ? (stepWord.toLowerCase() as Grain) : undefined;
  const kinds = new Set(named.map((key) => key.kind));
  const namedGrain = kinds.size === 1 ? ([...kinds][0] as Grain) : undefined;
  const grain = stepGrain ?? namedGrain;
  return grain && grain in GRAINS && GRAINS[grain].holds.includes(rowKind) ? grain : undefined;
}

/** The period of a grain that holds a month or a day key ("2024-08" → quarter "2024-3"). */
function periodOfGrain(grain: Grain, key: PeriodKey): PeriodKey | undefined {
  const match = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(key.key);
  if (!match) return undefined;
  const [year, month] = [match[1]!, Number(match[2])];
  if (grain === 'week') {
    const week = key.kind === 'day' ? isoWeekKey(key.key) : undefined;
    return week === undefined ? undefined : { kind: 'week', key: week };
  }
  if (grain === 'month') return { kind: 'month', key: `${year}-${match[2]}` };
  return { kind: grain, key: `${year}-${Math.ceil(month / GRAINS[grain].months)}` };
}

/** The calendar days of a week, month, quarter or half ("2024-2" as a quarter: April to June, 91). */
function daysIn(grain: Grain, period: PeriodKey): number {
  if (grain === 'week') return 7;
  const [year, part] = period.key.split('-').map(Number) as [number, number];
  const months = GRAINS[grain].months;
  const first = grain === 'month' ? part : (part - 1) * months + 1;
  let days = 0;
  for (let month = first; month < first + months; month++) days += new Date(Date.UTC(year, month, 0)).getUTCDate();
  return days;
}

const LABEL_PREFIX: Record<Grain, string> = { week: 'W', month: '', quarter: 'Q', half: 'H' };

/** A period of a grain as a label: 2024-W41, 2024-08, 2024-Q3, 2024-H2. */
function grainLabel(grain: Grain, period: PeriodKey): string {
  const [year, part] = period.key.split('-');
  return grain === 'month' ? period.key : `${year}-${LABEL_PREFIX[grain]}${part}`;
}

/** The rows of each period of a grain (or each row's own period), with the own periods each holds; undefined when a row has no such period. */
function periodsOf(rows: readonly TableRow[], periodOf: (row: TableRow) => PeriodKey | undefined, grain: Grain | undefined): Map<string, { period: PeriodKey; rows: TableRow[]; own: Set<string> }> | undefined {
  const groups = new Map<string, { period: PeriodKey; rows: TableRow[]; own: Set<string> }>();
  for (const row of rows) {
    const own = periodOf(row);
    const period = own && (grain ? periodOfGrain(grain, own) : own);
    if (!own || !period) return undefined;
    const group = groups.get(period.key) ?? { period, rows: [], own: new Set<string>() };
    group.rows.push(row);
    group.own.add(own.key);
    groups.set(period.key, group);
  }
  return groups;
}

/** Whether the rows are already one period of the grain each, keyed by a day (week_start=2025-03-03 for weekly rows). */
export function atGrain(rows: readonly TableRow[], periodOf: (row: TableRow) => PeriodKey | undefined, grain: Grain): boolean {
  const groups = periodsOf(rows, periodOf, grain);
  return groups !== undefined && [...groups.values()].every(({ own }) => own.size === 1);
}

/**
 * Each period's rows added up under the measure (or, for a rate or an average, their mean), in
 * time order, cited by the period's first row. Undefined when a period misses one of its months
 * (monthly rows) or days (daily rows), or has a blank cell.
 */
export function rolledUp(rows: readonly TableRow[], periodOf: (row: TableRow) => PeriodKey | undefined, grain: Grain, measure: string, mean = false): RolledPoint[] | undefined {
  const groups = periodsOf(rows, periodOf, grain);
  if (!groups) return undefined;
  const daily = periodOf(rows[0]!)?.kind === 'day';
  const points: RolledPoint[] = [];
  for (const { period, rows: held, own } of groups.values()) {
    if (own.size < (daily ? daysIn(grain, period) : GRAINS[grain].months)) return undefined;
    const values = held.map((row) => numericValue(row.values.get(measure) ?? ''));
    if (values.some((value) => value === undefined)) return undefined;
    const total = values.reduce((sum: number, value) => sum + value!, 0);
    points.push({ period, label: grainLabel(grain, period), value: mean ? Number((total / values.length).toPrecision(6)) : Math.round(total * 1e6) / 1e6, row: held[0]! });
  }
  return points.sort((a, b) => a.period.key.localeCompare(b.period.key));
}

/**
 * The share of rows saying yes in a yes/no column in each period (the rows' own, labelled as
 * written, or the coarser grain the claim speaks in), in percent, in time order. A share is no
 * sum: a period needs no full calendar, but at least two rows. Undefined when a period has fewer.
 */
export function flagShares(rows: readonly TableRow[], periodOf: (row: TableRow) => PeriodKey | undefined, labelOf: (row: TableRow) => string, grain: Grain | undefined, column: string): RolledPoint[] | undefined {
  const groups = periodsOf(rows, periodOf, grain);
  if (!groups) return undefined;
  const points: RolledPoint[] = [];
  for (const { period, rows: held } of groups.values()) {
    if (held.length < 2) return undefined;
    const yes = held.filter((row) => saysYes(row, column)).length;
    points.push({ period, label: grain ? grainLabel(grain, period) : labelOf(held[0]!), value: Math.round((1000 * yes) / held.length) / 10, row: held[0]! });
  }
  return points.sort((a, b) => a.period.key.localeCompare(b.period.key));
}
