// A percent change between two periods a table gives: "Revenue rose about 5% from July to
// August" against revenue_eur summed over each month's rows (+3.4%); "P02's trips fell 12% from
// August to September" against P02's two rows. The claim names two periods of one column and at
// most one value of every other column it names; with no entity named, a count is summed over
// each period's rows. The measure is the column the claim's words name (not a percentage column,
// whose changes may be points); the change runs from the earlier period to the later, and its
// direction is the claim's wording (changes.json changeDirections).
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, type Table, type TableRow } from '../records/tables';
import { firstTableVerdict, measureColumn, namedValues, selectRows, statedPlainly, tokensOf } from '../align/table-alignment';
import { periodHolds, periodKey, periodsNamed, type PeriodKey } from '../records/periods';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import { escapePhrase, phrasePattern } from '../vocabulary';
import changes from '../vocabulary/changes.json';
import { isCount } from './comparisons';

const UP_RE = phrasePattern(changes.changeDirections.up);
const DOWN_RE = phrasePattern(changes.changeDirections.down);

const APPROX = String.raw`(?:about|around|roughly|nearly|almost|some|just\s+over|just\s+under|close\s+to)`;
/** "rose about 5%", "fell by 12%", "up about 21%": a direction word right before the percentage. */
const MOVED_BEFORE_RE = new RegExp(`(?<![\\p{L}])(${[...changes.changeDirections.up, ...changes.changeDirections.down].map(escapePhrase).join('|')})\\s+(?:by\\s+)?(${APPROX}\\s+)?$`, 'iu');
/** "about 3% lower", "12% higher than": a comparative right after it. */
const MOVED_AFTER_RE = /^\s*(higher|lower|more|less|fewer|up|down)\b/i;

/** The percentage the claim gives as a change, its size, whether "about", and which way it went (+1, -1, 0). */
function claimedMove(view: ClaimView): { size: number; approximate: boolean; raw: string; direction: number } | undefined {
  const text = view.claim.text;
  const found = view.features.quantities.filter((q) => q.dimension === 'percent').flatMap((q) => {
    const before = MOVED_BEFORE_RE.exec(text.slice(Math.max(0, q.start - 40), q.start));
    const after = MOVED_AFTER_RE.exec(text.slice(q.start + q.raw.length));
    const word = (before?.[1] ?? after?.[1])?.toLowerCase();
    if (!word) return [];
    const direction = UP_RE.test(word) ? 1 : DOWN_RE.test(word) ? -1 : 0;
    return [{ size: q.value, approximate: q.qualifier === 'approx' || before?.[2] !== undefined || new RegExp(`${APPROX}\\s*$`, 'i').test(text.slice(0, q.start)), raw: q.raw.trim(), direction }];
  });
  return found.length === 1 ? found[0] : undefined;
}

export function contradictTableChange(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view)) return undefined;
  const move = claimedMove(view);
  // The change alone: other figures (a count, a total) may be what it is of.
  if (!move || view.features.quantities.some((q) => q.dimension !== 'percent' && !/^(?:19|20)\d\d$/.test(q.raw.trim()))) return undefined;
  return firstTableVerdict(view, (table, claim) => changeIn(view, table, claim, move.size, move.approximate, move.raw, move.direction));
}

function changeIn(view: ClaimView, table: Table, claim: Set<string>, claimed: number, approximate: boolean, raw: string, direction: number): ClaimVerdict | null | undefined {
  const named = namedValues(view, table, claim);
  const periods = [...named].filter(([, values]) => values.length === 2 && values.every((value) => periodKey(value) !== undefined));
  // "Q3 … 8% higher than Q2" over monthly rows: the two periods the claim names, each holding several of a column's.
  const held = periods.length === 0 ? heldPeriods(view, table, named) : undefined;
  if ((periods.length !== 1 && !held) || [...named].some(([column, values]) => column !== (held?.column ?? periods[0]![0]) && values.length !== 1)) return undefined;
  const column = held?.column ?? periods[0]![0];
  const [earlier, later] = held ? held.names : ([...periods[0]![1]].sort((a, b) => (periodKey(a)!.key < periodKey(b)!.key ? -1 : 1)) as [string, string]);
  const rows = selectRows(table, named, new Set([column]));
  // With no entity named, every row of the period; a name or code the claim gives that no column holds leaves it unread.
  const namedOther = [...named.keys()].some((c) => c !== column);
  // ("Q3" and "Q2" name the periods, not an entity.)
  if (!namedOther && (view.features.identifiers.some((id) => periodKey(id) === undefined) || view.features.nameGroups.length > 0)) return undefined;
  const of = (value: string): TableRow[] => (namedOther ? rows : table.rows).filter((row) => (held ? held.holds(value, row.values.get(column) ?? '') : row.values.get(column) === value));
  const [before, after] = [of(earlier), of(later)];
  if (before.length === 0 || after.length === 0) return undefined;
  const measure = measureColumn(view, table, [...before, ...after], [...before, ...after], claim, new Set(named.keys()), new Set([raw]));
  if (!measure || fieldNameUnit(measure.toLowerCase())?.dimension === 'percent' || /pct|percent|rate|share|ratio/i.test(measure)) return undefined;
  // Several rows a period: a count adds up over them; anything else is no total.
  if ((before.length > 1 || after.length > 1) && !isCount(table, measure)) return undefined;
  const total = (list: readonly TableRow[]): number | undefined => {
    const values = list.map((row) => numericValue(row.values.get(measure) ?? ''));
    return values.every((v): v is number => v !== undefined) ? values.reduce((a, b) => a + b, 0) : undefined;
  };
  const [a, b] = [total(before), total(after)];
  if (a === undefined || b === undefined || a === 0) return undefined;
  const actual = (b / a - 1) * 100;
  const slack = approximate ? 0.15 : 0.05;
  const sizeHolds = Math.abs(Math.abs(actual) - claimed) <= Math.max(slack * claimed, 0.5);
  const wayHolds = direction === 0 || Math.sign(actual) === direction;
  if (sizeHolds && wayHolds) return null;
  const refs = [...new Set([before[0]!.refs[0]!, after[0]!.refs[0]!])];
  const sum = (list: readonly TableRow[], value: number): string => `${Number(value.toPrecision(8))}${list.length > 1 ? ` over ${list.length} rows` : ''}`;
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: refs,
    reason: `claim says ${raw}, ${measure} goes from ${sum(before, a)} (${earlier}) to ${sum(after, b)} (${later}): ${actual >= 0 ? '+' : ''}${actual.toFixed(1)}%`,
  };
}

/**
 * Two periods the claim names ("Q3", "Q2") that each hold some of the values of one period column
 * (months, weeks, days) and none of the same: the column, the two periods earlier first, and
 * whether a period holds a row's value.
 */
function heldPeriods(view: ClaimView, table: Table, named: ReadonlyMap<string, string[]>): { column: string; names: [string, string]; holds: (name: string, value: string) => boolean } | undefined {
  const claimed = periodsNamed(tokensOf(view.claim.text));
  if (claimed.length !== 2 || claimed[0]!.kind !== claimed[1]!.kind) return undefined;
  const [earlier, later] = [...claimed].sort((a, b) => (a.key < b.key ? -1 : 1)) as [PeriodKey, PeriodKey];
  // (Each period by the word the claim writes it with: "Q2", not its key.)
  const written = (period: PeriodKey): string => view.claim.text.split(/[^\p{L}\p{N}-]+/u).find((word) => periodKey(word)?.key === period.key) ?? period.key;
  for (const column of table.columns) {
    if (named.has(column)) continue;
    const keys = new Map(table.rows.map((row) => [row.values.get(column) ?? '', periodKey(row.values.get(column) ?? '')]));
    if ([...keys.values()].some((key) => key === undefined || key.kind === earlier.kind)) continue;
    const inside = (period: PeriodKey): string[] => [...keys].filter(([, key]) => periodHolds(period, key!)).map(([value]) => value);
    const [first, second] = [inside(earlier), inside(later)];
    if (first.length === 0 || second.length === 0 || first.some((value) => second.includes(value))) continue;
    const names: [string, string] = [written(earlier), written(later)];
    const byName = new Map([[names[0], new Set(first)], [names[1], new Set(second)]]);
    return { column, names, holds: (name, value) => byName.get(name)?.has(value) ?? false };
  }
  return undefined;
}
